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
#include <wchar.h>
#include <ncursesw/curses.h>

// Macros Swift cannot import, as functions.
static inline int rt_lines(void) { return LINES; }
static inline int rt_cols(void) { return COLS; }
static inline void rt_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }
static inline attr_t rt_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }
static inline attr_t rt_a_normal(void) { return A_NORMAL; }
static inline attr_t rt_a_bold(void) { return A_BOLD; }
static inline attr_t rt_a_reverse(void) { return A_REVERSE; }
static inline attr_t rt_a_underline(void) { return A_UNDERLINE; }
static inline attr_t rt_a_dim(void) { return A_DIM; }
static inline WINDOW *rt_stdscr(void) { return stdscr; }
static inline int rt_err(void) { return ERR; }
static inline int rt_key_code_yes(void) { return KEY_CODE_YES; }
static inline mmask_t rt_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t rt_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
static inline mmask_t rt_button4_pressed(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t rt_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t rt_button5_pressed(void) { return 0; }
#endif
#endif
