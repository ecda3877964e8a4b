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
