// Instances no longer keep the sessions they resolved (decision 0411): nobody listens for
// ended sessions, so the trigger that announced them (0013) goes.
export const name = '0020-sessions-not-announced';

export const sql = /* sql */ `
DROP TRIGGER sessions_notify_ended ON sessions;
DROP FUNCTION sessions_notify_ended();
`;
