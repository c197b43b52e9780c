import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Stand-in for the Cloud Storage rules runtime, which cannot be downloaded on
 * machines without internet. firebase-tools talks to the runtime over
 * stdin/stdout in JSON lines; this answers every ruleset load as valid and
 * every request as PERMITTED. It enforces NOTHING: storage.rules are not
 * checked anywhere this runs. Local development only; never a test of rules.
 */
public final class StorageRulesStandIn {
  private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(-?\\d+)");
  private static final Pattern ACTION = Pattern.compile("\"action\"\\s*:\\s*\"([a-z_]+)\"");

  public static void main(String[] args) throws Exception {
    System.err.println("WARNING: storage rules stand-in: every Storage request is allowed; storage.rules are NOT enforced.");
    System.out.println("{\"id\":-1,\"status\":\"ok\"}");
    System.out.flush();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      Matcher id = ID.matcher(line);
      if (!id.find()) continue;
      Matcher action = ACTION.matcher(line);
      String result = action.find() && action.group(1).equals("load_ruleset")
          ? "{\"rulesVersion\":2}"
          : "{\"permit\":true}";
      System.out.println("{\"id\":" + id.group(1) + ",\"status\":\"ok\",\"result\":" + result
          + ",\"errors\":[],\"warnings\":[]}");
      System.out.flush();
    }
  }
}
