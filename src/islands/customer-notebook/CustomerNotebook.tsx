/**
 * /customerManagement behind the sign-in guard: a therapist's encrypted
 * customer notebook. The guard tells a store or fan account plainly that
 * the notebook is for therapists, with the pages it can use.
 */
import { RequireSignIn } from '../account/RequireSignIn';
import { NotebookApp } from './NotebookApp';

export function CustomerNotebook() {
  return <RequireSignIn page="notebook">{({ user }) => <NotebookApp uid={user.uid} />}</RequireSignIn>;
}
