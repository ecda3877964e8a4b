#ifndef CCRASHREPORTS_CRASHREPORTS_H
#define CCRASHREPORTS_CRASHREPORTS_H
// Crash reports to a file from the first instruction, without restarting the process.
//
// Swift's backtracer reads SWIFT_BACKTRACE once, in libswiftCore's constructor; on a terminal it is otherwise
// interactive (it shows its report and waits 30 s for a key). Setting the variable in main is too late, and
// restarting the process with it set costs a whole second start-up. This target sets it before any library
// is initialised: an ELF `.preinit_array` entry of the executable that links it (only `roadtrip` and the
// curses probe do). See CrashReports.c for how, and `CrashReports.restartReporting` (TerminalUI) for the
// restart that remains the fallback when this cannot act.
//
// Nothing to call: linking the target is enough. The setting is then in the environment as SWIFT_BACKTRACE.
#endif
