#ifndef CCHILDGUARD_CHILDGUARD_H
#define CCHILDGUARD_CHILDGUARD_H
#include <sys/types.h>

// A region's build runs osmium and planetsplitter for minutes or hours. They must not outlive roadtrip:
//
// - rt_spawn_tied starts one so that Linux kills it (SIGKILL) when the thread that started it ends, however
//   it ends, SIGKILL included (prctl PR_SET_PDEATHSIG, which only a child can set for itself between fork
//   and exec, hence C). The thread that starts it waits for it, so it ends only after the child.
// - While rt_stop_signals_catch is in force, SIGINT, SIGTERM and SIGHUP only record that they came; the
//   build's wait for its child sees it, kills the child and cleans up before roadtrip exits.

// Starts `file` (looked up in PATH) with `argv` (ending in NULL): stdin from /dev/null, stdout and stderr on
// `out_fd` and `err_fd` (ours when -1), every signal at its default action and none blocked. Returns 0 with the
// child's id in `*pid`, or the errno that stopped it (ENOENT: no such program).
int rt_spawn_tied(const char *file, char *const argv[], int out_fd, int err_fd, pid_t *pid);

// Records SIGINT, SIGTERM and SIGHUP instead of their actions, from now until rt_stop_signals_release, which
// puts the previous actions back and forgets what came.
void rt_stop_signals_catch(void);
void rt_stop_signals_release(void);

// The last of them that came while caught; 0 when none did.
int rt_stop_signal(void);
#endif
