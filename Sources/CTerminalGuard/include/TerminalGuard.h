#ifndef CTERMINALGUARD_TERMINALGUARD_H
#define CTERMINALGUARD_TERMINALGUARD_H
// The crash guard: when a signal ends the process, first put the terminal back the way the shell had it,
// using only async-signal-safe calls, then end the process with that same signal (its parent sees
// "killed by signal n"; a shell says 128+n).
//
// Its state is defined once, in TerminalGuard.c. It used to be a static local of inline functions in the
// curses shim, which gave every object file that called them its own copy: a release build inlined the
// modes' saving into another file than the handler's, and the handler restored modes it never had.

// Remembers the terminal modes of `in_fd` before curses changes them; the reset bytes go to `out_fd`.
void rt_guard_save_modes(int in_fd, int out_fd);

// Installs the handler. `reset` is written to the terminal once its modes are back (terminfo's reset
// strings, computed by the caller while terminfo is loaded); `program` names the program in the crash line;
// `report` is where the backtracer writes ("" if unknown). Each is copied; one too long is left out.
void rt_guard_install(const char *reset, const char *program, const char *report);

// Puts the previous handlers back (after a clean shutdown).
void rt_guard_remove(void);
#endif
