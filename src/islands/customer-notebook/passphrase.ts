/** Passphrase rules the forms share. */
export const PASSPHRASE_MIN = 8;
export const PASSPHRASE_MAX = 200;

/** Japanese problem with a new passphrase and its confirmation, or ''. */
export function newPassphraseProblem(passphrase: string, confirmation: string): { passphrase?: string; confirmation?: string } {
  if (passphrase.length < PASSPHRASE_MIN) return { passphrase: `合言葉は ${PASSPHRASE_MIN} 文字以上にしてください。` };
  if (passphrase.length > PASSPHRASE_MAX) return { passphrase: `合言葉は ${PASSPHRASE_MAX} 文字までです。` };
  if (passphrase !== confirmation) return { confirmation: '確認のための合言葉が一致しません。' };
  return {};
}

export const PASSPHRASE_HINT = `${PASSPHRASE_MIN} 文字以上。ログインのパスワードとは別の、長めの文（例：「夜の海と三毛猫のマグカップ」）がおすすめです。`;

/** Shown while Argon2id runs (about a second). */
export const DERIVING = '鍵を作成しています…';
