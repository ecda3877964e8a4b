// The crash guard (see TerminalGuard.h). Guarded: every signal whose default action ends the process
// (signal(7)) and that is still at SIG_DFL, plus the crash signals the Swift backtracer handles.
// - A crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP raised by this process: a fault, a
//   runtime trap, abort()) first runs the handler that was there before (the backtracer, which writes
//   its report), then one line on stderr says that the program crashed and where the report is.
// - The same signals sent by another process (kill -SEGV), and all the others, end it at once: the
//   backtracer would only describe where the main thread was waiting, and returns for such a signal.
// SIGINT, SIGTERM, SIGHUP and SIGQUIT stay as they are while the terminal ignores them (they are events).
#define _GNU_SOURCE
#include "TerminalGuard.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

static struct {
    struct sigaction previous[NSIG];
    volatile sig_atomic_t guarded[NSIG];
    struct termios termios;
    volatile sig_atomic_t have_termios;
    volatile sig_atomic_t installed;
    int in_fd;
    int out_fd;
    char reset[512];
    char program[64];
    char report[4096];
    pid_t ending_thread;  // the thread handling the signal that ends the process; 0 before
    volatile sig_atomic_t ending_signal;
    char altstack[65536];
} guard;

// Signals that mean the process itself crashed, when it raised them.
static int is_crash(int sig) {
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGABRT || sig == SIGTRAP;
}

// Signals whose default action ends the process (signal(7): Term and Core), except SIGKILL.
static int ends_process(int sig) {
    switch (sig) {
    case SIGHUP: case SIGINT: case SIGQUIT: case SIGILL: case SIGTRAP: case SIGABRT: case SIGBUS: case SIGFPE:
    case SIGUSR1: case SIGSEGV: case SIGUSR2: case SIGPIPE: case SIGALRM: case SIGTERM: case SIGSTKFLT:
    case SIGXCPU: case SIGXFSZ: case SIGVTALRM: case SIGPROF: case SIGIO: case SIGPWR: case SIGSYS:
        return 1;
    default:
        return sig >= SIGRTMIN && sig <= SIGRTMAX;
    }
}

static const char *crash_name(int sig) {
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    default: return "SIGTRAP";
    }
}

static void write_all(int fd, const char *s) {
    size_t len = strlen(s), done = 0;
    while (done < len) {
        ssize_t n = write(fd, s + done, len - done);
        if (n <= 0) { break; }
        done += (size_t)n;
    }
}

static void restore_terminal(void) {
    if (guard.have_termios) { (void)tcsetattr(guard.in_fd, TCSANOW, &guard.termios); }
    write_all(guard.out_fd, guard.reset);
}

// Runs the handler that was there before as the kernel would have: with its own signal mask (the
// backtracer's memory reader relies on SIGSEGV staying unblocked).
static void call_previous(int sig, siginfo_t *info, void *context) {
    const struct sigaction *previous = &guard.previous[sig];
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

static void say_crashed(int sig) {
    write_all(STDERR_FILENO, guard.program);
    write_all(STDERR_FILENO, ": crashed (");
    write_all(STDERR_FILENO, crash_name(sig));
    write_all(STDERR_FILENO, ")");
    if (guard.report[0] != 0 && access(guard.report, F_OK) == 0) {
        write_all(STDERR_FILENO, "; the crash report is in ");
        write_all(STDERR_FILENO, guard.report);
    }
    write_all(STDERR_FILENO, "\n");
}

// Ends the process with `sig` by its default action.
static void end_with(int sig) {
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

static void handler(int sig, siginfo_t *info, void *context) {
    pid_t self = (pid_t)syscall(SYS_gettid);
    pid_t ending = 0;
    if (!__atomic_compare_exchange_n(&guard.ending_thread, &ending, self, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        // Already ending: a fault in this very handler ends the process now; another thread waits for the end.
        if (ending == self) { end_with(guard.ending_signal); }
        for (;;) { pause(); }
    }
    guard.ending_signal = sig;
    restore_terminal();
    int sent_by_another_process = info != NULL && info->si_code <= 0 && info->si_pid != getpid();
    if (is_crash(sig) && !sent_by_another_process) {
        call_previous(sig, info, context);
        say_crashed(sig);
    }
    end_with(sig);
}

void rt_guard_save_modes(int in_fd, int out_fd) {
    guard.in_fd = in_fd;
    guard.out_fd = out_fd;
    guard.have_termios = (tcgetattr(in_fd, &guard.termios) == 0);
}

// Copies `s` into `buffer` if it fits whole; else leaves it empty.
static void copy_whole(char *buffer, size_t size, const char *s) {
    buffer[0] = 0;
    if (s != NULL && strlen(s) < size) { strcpy(buffer, s); }
}

void rt_guard_install(const char *reset, const char *program, const char *report) {
    if (guard.installed) { return; }
    copy_whole(guard.reset, sizeof guard.reset, reset);
    copy_whole(guard.program, sizeof guard.program, program);
    copy_whole(guard.report, sizeof guard.report, report);
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = guard.altstack;
    ss.ss_size = sizeof guard.altstack;
    (void)sigaltstack(&ss, NULL);  // so a stack overflow can still run the handler
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    // Other signals wait while the process ends (SIGTTOU too, so the terminal can be reset from the
    // background); a crash inside the handler is not held back.
    sigfillset(&sa.sa_mask);
    for (int sig = 1; sig < NSIG; sig++) {
        if (is_crash(sig)) { sigdelset(&sa.sa_mask, sig); }
    }
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction current;
        if (!ends_process(sig) || sigaction(sig, NULL, &current) != 0) { continue; }
        int is_default = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL;
        int is_ignored = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
        if (is_default || (is_crash(sig) && !is_ignored)) {
            guard.previous[sig] = current;
            guard.guarded[sig] = (sigaction(sig, &sa, NULL) == 0);
        }
    }
    guard.installed = 1;
}

void rt_guard_remove(void) {
    if (!guard.installed) { return; }
    for (int sig = 1; sig < NSIG; sig++) {
        if (guard.guarded[sig]) { (void)sigaction(sig, &guard.previous[sig], NULL); }
        guard.guarded[sig] = 0;
    }
    guard.installed = 0;
}
