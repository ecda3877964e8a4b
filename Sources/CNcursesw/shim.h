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
// Crash guard: on a fatal signal, put the terminal back the way the shell had it, using only
// async-signal-safe calls (tcsetattr, write, sigaction, raise), then let the signal take its
// previous course (the Swift backtracer, or the default action).
//
// The state is a static local of an inline function: only ONE Swift file (CrashGuard.swift) may
// call these functions, so exactly one copy of the state and the handler exists.
// ---------------------------------------------------------------------------------------------
#define RT_GUARD_SIGNAL_COUNT 6
struct rt_guard_state {
    int signals[RT_GUARD_SIGNAL_COUNT];
    struct sigaction previous[RT_GUARD_SIGNAL_COUNT];
    struct termios termios;
    volatile sig_atomic_t have_termios;
    volatile sig_atomic_t installed;
    int in_fd;
    int out_fd;
    char reset[512];
    volatile size_t reset_len;
    char altstack[65536];
};

// The one instance (a static local, because the Swift importer does not emit static globals).
static inline struct rt_guard_state *rt_guard(void) {
    static struct rt_guard_state state = { { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP } };
    return &state;
}

static void rt_guard_handler(int sig) {
    struct rt_guard_state *g = rt_guard();
    if (g->have_termios) { (void)tcsetattr(g->in_fd, TCSANOW, &g->termios); }
    size_t done = 0;
    while (done < g->reset_len) {
        ssize_t n = write(g->out_fd, g->reset + done, g->reset_len - done);
        if (n <= 0) { break; }
        done += (size_t)n;
    }
    for (int i = 0; i < RT_GUARD_SIGNAL_COUNT; i++) {
        if (g->signals[i] == sig) { (void)sigaction(sig, &g->previous[i], NULL); }
    }
    (void)raise(sig);  // delivered on return, with the previous disposition
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
}

// Precomputes the reset bytes from terminfo (after curses has loaded it) and installs the handler.
static inline void rt_guard_install(int mouse_enabled) {
    struct rt_guard_state *g = rt_guard();
    if (g->installed) { return; }
    g->reset_len = 0;
    if (mouse_enabled) { rt_guard_append("\033[?1000l\033[?1006l"); }
    rt_guard_append(rt_tigetstr("sgr0"));
    rt_guard_append(rt_tigetstr("rmkx"));
    rt_guard_append(rt_tigetstr("rmcup"));
    rt_guard_append(rt_tigetstr("cnorm"));
    rt_guard_append("\r\n");
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = g->altstack;
    ss.ss_size = sizeof g->altstack;
    (void)sigaltstack(&ss, NULL);  // so a stack overflow can still run the handler
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = rt_guard_handler;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < RT_GUARD_SIGNAL_COUNT; i++) {
        (void)sigaction(g->signals[i], &sa, &g->previous[i]);
    }
    g->installed = 1;
}

// Puts the previous fatal-signal handlers back (after a clean shutdown).
static inline void rt_guard_remove(void) {
    struct rt_guard_state *g = rt_guard();
    if (!g->installed) { return; }
    for (int i = 0; i < RT_GUARD_SIGNAL_COUNT; i++) {
        (void)sigaction(g->signals[i], &g->previous[i], NULL);
    }
    g->installed = 0;
}
#endif
