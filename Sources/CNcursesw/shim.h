#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// Wide-character ncurses: these must be set before the header is read.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <wchar.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>

// Macros Swift cannot import, as functions.
static inline void rt_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }
static inline attr_t rt_a_normal(void) { return A_NORMAL; }
static inline attr_t rt_a_bold(void) { return A_BOLD; }
static inline attr_t rt_a_reverse(void) { return A_REVERSE; }
static inline attr_t rt_a_underline(void) { return A_UNDERLINE; }
static inline attr_t rt_a_dim(void) { return A_DIM; }
static inline WINDOW *rt_stdscr(void) { return stdscr; }
static inline WINDOW *rt_curscr(void) { return curscr; }
static inline int rt_err(void) { return ERR; }
static inline int rt_key_code_yes(void) { return KEY_CODE_YES; }
static inline int rt_ccharw_max(void) { return CCHARW_MAX; }
static inline mmask_t rt_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t rt_button4_pressed(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t rt_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t rt_button5_pressed(void) { return 0; }
#endif
// Clicks and the wheel only: no motion tracking, which would flood the input with events.
static inline mmask_t rt_mouse_events(void) { return BUTTON1_PRESSED | BUTTON4_PRESSED | rt_button5_pressed(); }

// tigetstr returns (char *)-1 for "not a string capability": normalise to NULL.
static inline const char *rt_tigetstr(const char *name) {
    char *s = tigetstr((char *)name);
    return (s == (char *)-1) ? NULL : s;
}

// The terminal's size from the kernel (ioctl is variadic, so Swift cannot call it).
static inline int rt_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) { return -1; }
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

// Whether the current LC_CTYPE encodes UTF-8 (call after setlocale).
static inline int rt_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// ---------------------------------------------------------------------------------------------
// Crash guard: when a signal ends the process, first put the terminal back the way the shell had it,
// using only async-signal-safe calls, then end the process with that same signal (its parent sees
// "killed by signal n"; a shell says 128+n). Guarded: every signal whose default action ends the
// process (signal(7)) and that is still at SIG_DFL, plus the crash signals the Swift backtracer handles.
// - A crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP raised by this process: a fault, a
//   runtime trap, abort()) first runs the handler that was there before (the backtracer, which writes
//   its report), then one line on stderr says that the program crashed and where the report is.
// - The same signals sent by another process (kill -SEGV), and all the others, end it at once: the
//   backtracer would only describe where the main thread was waiting, and returns for such a signal.
// SIGINT, SIGTERM, SIGHUP and SIGQUIT stay as they are while SignalPipe ignores them (they are events).
//
// The state is a static local of an inline function: only ONE Swift file (CrashGuard.swift) may
// call these functions, so exactly one copy of the state and the handler exists.
// ---------------------------------------------------------------------------------------------
struct rt_guard_state {
    struct sigaction previous[NSIG];
    volatile sig_atomic_t guarded[NSIG];
    struct termios termios;
    volatile sig_atomic_t have_termios;
    volatile sig_atomic_t installed;
    int in_fd;
    int out_fd;
    char reset[512];
    volatile size_t reset_len;
    char program[64];
    char report[4096];
    pid_t ending_thread;  // the thread handling the signal that ends the process; 0 before
    volatile sig_atomic_t ending_signal;
    char altstack[65536];
};

// The one instance (a static local, because the Swift importer does not emit static globals).
static inline struct rt_guard_state *rt_guard(void) {
    static struct rt_guard_state state;
    return &state;
}

// Signals that mean the process itself crashed, when it raised them.
static inline int rt_guard_is_crash(int sig) {
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGABRT || sig == SIGTRAP;
}

// Signals whose default action ends the process (signal(7): Term and Core), except SIGKILL.
static inline int rt_guard_ends_process(int sig) {
    switch (sig) {
    case SIGHUP: case SIGINT: case SIGQUIT: case SIGILL: case SIGTRAP: case SIGABRT: case SIGBUS: case SIGFPE:
    case SIGUSR1: case SIGSEGV: case SIGUSR2: case SIGPIPE: case SIGALRM: case SIGTERM: case SIGSTKFLT:
    case SIGXCPU: case SIGXFSZ: case SIGVTALRM: case SIGPROF: case SIGIO: case SIGPWR: case SIGSYS:
        return 1;
    default:
        return sig >= SIGRTMIN && sig <= SIGRTMAX;
    }
}

static inline const char *rt_guard_signal_name(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    default: return "SIGTRAP";
    }
}

static inline void rt_guard_write(int fd, const char *s) {
    size_t len = strlen(s), done = 0;
    while (done < len) {
        ssize_t n = write(fd, s + done, len - done);
        if (n <= 0) { break; }
        done += (size_t)n;
    }
}

static inline void rt_guard_restore_terminal(struct rt_guard_state *g) {
    if (g->have_termios) { (void)tcsetattr(g->in_fd, TCSANOW, &g->termios); }
    rt_guard_write(g->out_fd, g->reset);
}

// Runs the handler that was there before as the kernel would have: with its own signal mask (the
// backtracer's memory reader relies on SIGSEGV staying unblocked).
static inline void rt_guard_call_previous(int sig, siginfo_t *info, void *context) {
    const struct sigaction *previous = &rt_guard()->previous[sig];
    if (!(previous->sa_flags & SA_SIGINFO) && (previous->sa_handler == SIG_DFL || previous->sa_handler == SIG_IGN)) {
        return;
    }
    sigset_t mask = previous->sa_mask;
    if (!(previous->sa_flags & SA_NODEFER)) { sigaddset(&mask, sig); }
    (void)pthread_sigmask(SIG_SETMASK, &mask, NULL);
    if (previous->sa_flags & SA_SIGINFO) {
        previous->sa_sigaction(sig, info, context);
    } else {
        previous->sa_handler(sig);
    }
}

static inline void rt_guard_say_crashed(struct rt_guard_state *g, int sig) {
    rt_guard_write(STDERR_FILENO, g->program);
    rt_guard_write(STDERR_FILENO, ": crashed (");
    rt_guard_write(STDERR_FILENO, rt_guard_signal_name(sig));
    rt_guard_write(STDERR_FILENO, ")");
    if (g->report[0] != 0 && access(g->report, F_OK) == 0) {
        rt_guard_write(STDERR_FILENO, "; the crash report is in ");
        rt_guard_write(STDERR_FILENO, g->report);
    }
    rt_guard_write(STDERR_FILENO, "\n");
}

// Ends the process with `sig` by its default action.
static inline void rt_guard_end(int sig) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    (void)sigaction(sig, &action, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    (void)pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    (void)raise(sig);
    _exit(128 + sig);  // not reached: the default action of every guarded signal ends the process
}

static void rt_guard_handler(int sig, siginfo_t *info, void *context) {
    struct rt_guard_state *g = rt_guard();
    pid_t self = (pid_t)syscall(SYS_gettid);
    pid_t ending = 0;
    if (!__atomic_compare_exchange_n(&g->ending_thread, &ending, self, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        // Already ending: a fault in this very handler ends the process now; another thread waits for the end.
        if (ending == self) { rt_guard_end(g->ending_signal); }
        for (;;) { pause(); }
    }
    g->ending_signal = sig;
    rt_guard_restore_terminal(g);
    int sent_by_another_process = info != NULL && info->si_code <= 0 && info->si_pid != getpid();
    if (rt_guard_is_crash(sig) && !sent_by_another_process) {
        rt_guard_call_previous(sig, info, context);
        rt_guard_say_crashed(g, sig);
    }
    rt_guard_end(sig);
}

// Remembers the terminal modes before curses changes them.
static inline void rt_guard_save_modes(int in_fd, int out_fd) {
    struct rt_guard_state *g = rt_guard();
    g->in_fd = in_fd;
    g->out_fd = out_fd;
    g->have_termios = (tcgetattr(in_fd, &g->termios) == 0);
}

static inline void rt_guard_append(const char *s) {
    struct rt_guard_state *g = rt_guard();
    if (s == NULL) { return; }
    size_t len = strlen(s);
    if (g->reset_len + len >= sizeof g->reset) { return; }
    memcpy(g->reset + g->reset_len, s, len);
    g->reset_len += len;
    g->reset[g->reset_len] = 0;
}

// Copies `s` into `buffer` if it fits whole; else leaves it empty.
static inline void rt_guard_copy(char *buffer, size_t size, const char *s) {
    buffer[0] = 0;
    if (strlen(s) < size) { strcpy(buffer, s); }
}

// Precomputes the reset bytes from terminfo (after curses has loaded it) and installs the handler.
// `program` names the program in the crash line; `report` is where the backtracer writes ("" if unknown).
static inline void rt_guard_install(int mouse_enabled, const char *program, const char *report) {
    struct rt_guard_state *g = rt_guard();
    if (g->installed) { return; }
    g->reset_len = 0;
    g->reset[0] = 0;
    if (mouse_enabled) { rt_guard_append("\033[?1000l\033[?1006l"); }
    rt_guard_append("\033[?2004l");  // bracketed paste off: the terminal always has it on while the app runs
    rt_guard_append(rt_tigetstr("sgr0"));
    rt_guard_append(rt_tigetstr("rmkx"));
    rt_guard_append(rt_tigetstr("rmcup"));
    rt_guard_append(rt_tigetstr("cnorm"));
    rt_guard_append("\r\n");
    rt_guard_copy(g->program, sizeof g->program, program);
    rt_guard_copy(g->report, sizeof g->report, report);
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = g->altstack;
    ss.ss_size = sizeof g->altstack;
    (void)sigaltstack(&ss, NULL);  // so a stack overflow can still run the handler
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = rt_guard_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    // Other signals wait while the process ends (SIGTTOU too, so the terminal can be reset from the
    // background); a crash inside the handler is not held back.
    sigfillset(&sa.sa_mask);
    for (int sig = 1; sig < NSIG; sig++) {
        if (rt_guard_is_crash(sig)) { sigdelset(&sa.sa_mask, sig); }
    }
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction current;
        if (!rt_guard_ends_process(sig) || sigaction(sig, NULL, &current) != 0) { continue; }
        int is_default = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL;
        int is_ignored = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
        if (is_default || (rt_guard_is_crash(sig) && !is_ignored)) {
            g->previous[sig] = current;
            g->guarded[sig] = (sigaction(sig, &sa, NULL) == 0);
        }
    }
    g->installed = 1;
}

// Puts the previous handlers back (after a clean shutdown).
static inline void rt_guard_remove(void) {
    struct rt_guard_state *g = rt_guard();
    if (!g->installed) { return; }
    for (int sig = 1; sig < NSIG; sig++) {
        if (g->guarded[sig]) { (void)sigaction(sig, &g->previous[sig], NULL); }
        g->guarded[sig] = 0;
    }
    g->installed = 0;
}

// term.h comes last: its capability macros (lines, columns, bell…) would clash with names above.
#include <ncursesw/term.h>

// 1 if terminfo's entry for $TERM can put the cursor anywhere, 0 if it cannot (dumb, a printing
// terminal), -1 if terminfo has no entry for it. Only reads the entry: nothing is sent to the terminal.
static inline int rt_terminal_can_move_cursor(int fd) {
    int error = 0;
    if (setupterm(NULL, fd, &error) != OK) { return -1; }
    int can = rt_tigetstr("cup") != NULL;
    (void)del_curterm(cur_term);
    return can;
}
#endif
