// Sets SWIFT_BACKTRACE="interactive=no,color=no,output-to=<state>/<program>/crash-<time>-<pid>.log" before
// libswiftCore reads it, when stdin and stdout are a terminal and the user has not set it. A release build links
// Swift's runtime statically (Makefile), and a static runtime reports nothing unless told where its reporter is:
// there the setting also names it (RT_SWIFT_BACKTRACER, the toolchain's swift-backtrace-static), terminal or not.
//
// Why the slot trick: `.preinit_array` functions run before every library's constructor, but also before
// libc's own, which sets `environ` back to the array the kernel put on the stack, so a setenv here is lost.
// That array is on the stack with nothing free after it; so one entry of it that no library reads while
// starting (bash's `_`, else OLDPWD) lends its slot to the setting, and a constructor of this executable,
// which runs after every library's (libswiftCore's among them) and before main, gives the slot back and
// setenv()s the setting properly. With neither variable, nothing is done here and the restart remains.
//
// The environment is read from the kernel's array given here (getenv would read environ, not set up yet).
#define _GNU_SOURCE
#include "CrashReports.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char setting[2 * 4096 + 256];
static char **lent_array;  // the kernel's environment array
static char **lent_slot;   // its entry holding `setting` until the constructor runs
static char *lent_entry;   // what that entry held

static const char *lookup(char **envp, const char *name) {
    size_t length = strlen(name);
    for (char **entry = envp; *entry != NULL; entry++) {
        if (strncmp(*entry, name, length) == 0 && (*entry)[length] == '=') { return *entry + length + 1; }
    }
    return NULL;
}

static char **slot_of(char **envp, const char *name) {
    size_t length = strlen(name);
    for (char **entry = envp; *entry != NULL; entry++) {
        if (strncmp(*entry, name, length) == 0 && (*entry)[length] == '=') { return entry; }
    }
    return NULL;
}

// mkdir -p with mode 0700 for the folders it creates; 1 when `path` is a folder at the end.
static int make_folders(char *path) {
    for (char *slash = strchr(path + 1, '/'); slash != NULL; slash = strchr(slash + 1, '/')) {
        *slash = 0;
        int made = mkdir(path, 0700) == 0 || errno == EEXIST;
        *slash = '/';
        if (!made) { return 0; }
    }
    struct stat info;
    return (mkdir(path, 0700) == 0 || errno == EEXIST) && stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

// The program's name: the last part of the executable's own path (as ps shows it), not of argv[0].
static int program_name(char *name, size_t size) {
    char path[4096];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length <= 0) { return 0; }
    path[length] = 0;
    const char *last = strrchr(path, '/');
    return snprintf(name, size, "%s", last ? last + 1 : path) < (int)size;
}

// $XDG_STATE_HOME/<program> if absolute, else $HOME/.local/state/<program> (as CrashReports.directory).
static int report_folder(char **envp, const char *program, char *folder, size_t size) {
    const char *state = lookup(envp, "XDG_STATE_HOME");
    const char *home = lookup(envp, "HOME");
    int written;
    if (state != NULL && state[0] == '/') {
        written = snprintf(folder, size, "%s/%s", state, program);
    } else if (home != NULL && home[0] != 0) {
        written = snprintf(folder, size, "%s/.local/state/%s", home, program);
    } else {
        return 0;
    }
    return written > 0 && written < (int)size;
}

// Where the report of a crash on a terminal goes: a file named after the time and pid in the report folder, else
// stderr (no folder, or a comma that would end the setting).
static void report_output(char **envp, char *output, size_t size) {
    char program[256], folder[4096];
    snprintf(output, size, "stderr");
    if (!program_name(program, sizeof program) || !report_folder(envp, program, folder, sizeof folder)
        || strchr(folder, ',') != NULL || !make_folders(folder)) {
        return;
    }
    time_t now = time(NULL);
    struct tm local;
    char stamp[32] = "00000000-000000";
    if (localtime_r(&now, &local) != NULL) { strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local); }
    snprintf(output, size, "%s/crash-%s-%ld.log", folder, stamp, (long)getpid());
}

static void prepare(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    if (envp == NULL || lookup(envp, "SWIFT_BACKTRACE") != NULL) { return; }
    char **slot = slot_of(envp, "_");
    if (slot == NULL) { slot = slot_of(envp, "OLDPWD"); }
    if (slot == NULL) { return; }
    int terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    const char *reporter = "";
#ifdef RT_SWIFT_BACKTRACER
    if (access(RT_SWIFT_BACKTRACER, X_OK) == 0) { reporter = ",swift-backtrace=" RT_SWIFT_BACKTRACER; }
#endif
    if (!terminal && reporter[0] == 0) { return; }
    if (terminal) {
        char output[4096 + 64];
        report_output(envp, output, sizeof output);
        snprintf(setting, sizeof setting, "SWIFT_BACKTRACE=interactive=no,color=no,output-to=%s%s", output, reporter);
    } else {
        snprintf(setting, sizeof setting, "SWIFT_BACKTRACE=enable=yes%s", reporter);
    }
    lent_array = envp;
    lent_slot = slot;
    lent_entry = *slot;
    *slot = setting;
}

__attribute__((section(".preinit_array"), used))
static void (*const rt_crash_reports_preinit)(int, char **, char **) = prepare;

// After every library's constructor: the lent entry back, the setting kept as a real variable.
__attribute__((constructor))
static void settle(void) {
    if (lent_slot == NULL) { return; }
    char *value = setting + strlen("SWIFT_BACKTRACE=");
    *lent_slot = lent_entry;
    // environ was copied meanwhile (a setenv while starting): the copy has the setting, not the entry.
    if (environ != lent_array) { putenv(lent_entry); }
    setenv("SWIFT_BACKTRACE", value, 1);
    lent_slot = NULL;
}
