#define _GNU_SOURCE
#include "ChildGuard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

// Between fork and exec, only async-signal-safe calls: the parent may have other threads holding locks.
int rt_spawn_tied(const char *file, char *const argv[], int out_fd, int err_fd, pid_t *pid) {
    // The child writes exec's errno here; exec closes it (O_CLOEXEC), so an empty read means it started.
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    sigset_t all, previous;
    sigfillset(&all);
    // No handler of ours may run in the child before its dispositions are reset.
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child == 0) {
        close(report[0]);
        for (int number = 1; number < NSIG; number++) signal(number, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        // The parent may have died before prctl: then nobody would kill us.
        if (getppid() != parent) _exit(127);
        int null = open("/dev/null", O_RDONLY);
        if (null < 0 || dup2(null, 0) < 0) goto failed;
        if (out_fd >= 0 && dup2(out_fd, 1) < 0) goto failed;
        if (err_fd >= 0 && dup2(err_fd, 2) < 0) goto failed;
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execvp(file, argv);
    failed:;
        int code = errno;
        ssize_t ignored = write(report[1], &code, sizeof code);
        (void)ignored;
        _exit(127);
    }
    int fork_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (child < 0) {
        close(report[0]);
        return fork_error;
    }
    int code = 0;
    ssize_t got;
    do got = read(report[0], &code, sizeof code); while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof code) {
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
        return code;
    }
    *pid = child;
    return 0;
}

static volatile sig_atomic_t caught;
static struct sigaction previous_actions[3];
static const int stop_signals[3] = {SIGINT, SIGTERM, SIGHUP};

static void record(int number) { caught = number; }

void rt_stop_signals_catch(void) {
    caught = 0;
    struct sigaction action = {0};
    action.sa_handler = record;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 3; i++) sigaction(stop_signals[i], &action, &previous_actions[i]);
}

void rt_stop_signals_release(void) {
    for (int i = 0; i < 3; i++) sigaction(stop_signals[i], &previous_actions[i], NULL);
    caught = 0;
}

int rt_stop_signal(void) { return caught; }
