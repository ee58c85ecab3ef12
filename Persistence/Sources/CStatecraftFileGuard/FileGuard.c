#include "CStatecraftFileGuard.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <fcntl.h>
#include <linux/fs.h>
#include <pthread.h>
#include <sys/ioctl.h>
#endif

int statecraft_file_is_immutable(int descriptor) {
#if defined(__linux__)
    int flags = 0;
    if (ioctl(descriptor, FS_IOC_GETFLAGS, &flags) != 0) return -1;
    return (flags & FS_IMMUTABLE_FL) ? 1 : 0;
#elif defined(__APPLE__)
    struct stat status;
    if (fstat(descriptor, &status) != 0) return -1;
    return (status.st_flags & (UF_IMMUTABLE | SF_IMMUTABLE)) ? 1 : 0;
#else
    (void)descriptor;
    return -1;
#endif
}

#if defined(__linux__)

static struct sigaction previous_action;

static void write_text(const char *text, size_t length) {
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

static int parse_hex(const char **cursor, uintptr_t *value) {
    uintptr_t result = 0;
    int digits = 0;
    for (;; (*cursor)++, digits++) {
        char c = **cursor;
        if (c >= '0' && c <= '9') result = result * 16 + (uintptr_t)(c - '0');
        else if (c >= 'a' && c <= 'f') result = result * 16 + (uintptr_t)(c - 'a' + 10);
        else break;
    }
    *value = result;
    return digits > 0;
}

/// Whether the line of /proc/self/maps describes a mapping of a `-shm` file that holds `address`; if so,
/// `path` and `path_length` locate the file name within the line.
static int line_maps_shm(const char *line, size_t length, uintptr_t address, const char **path,
                         size_t *path_length) {
    const char *cursor = line;
    uintptr_t start, end;
    if (!parse_hex(&cursor, &start) || *cursor != '-') return 0;
    cursor++;
    if (!parse_hex(&cursor, &end)) return 0;
    if (address < start || address >= end) return 0;
    const char *slash = memchr(line, '/', length);
    if (slash == NULL) return 0;
    size_t name_length = length - (size_t)(slash - line);
    if (name_length < 4 || memcmp(slash + name_length - 4, "-shm", 4) != 0) return 0;
    *path = slash;
    *path_length = name_length;
    return 1;
}

/// Reads /proc/self/maps without allocating (open, read and close are async-signal-safe).
static void on_sigbus(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    int maps = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (maps >= 0) {
        char buffer[8192];
        size_t held = 0;
        for (;;) {
            ssize_t got = read(maps, buffer + held, sizeof buffer - held);
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) break;
            held += (size_t)got;
            size_t consumed = 0;
            for (;;) {
                char *newline = memchr(buffer + consumed, '\n', held - consumed);
                if (newline == NULL) break;
                size_t length = (size_t)(newline - (buffer + consumed));
                const char *path;
                size_t path_length;
                if (line_maps_shm(buffer + consumed, length, address, &path, &path_length)) {
                    static const char before[] = "error: the SQLite store's shared-memory file ";
                    static const char after[] =
                        " changed under the process (made immutable or read-only, truncated or replaced) and SQLite "
                        "faulted on it (SIGBUS). Stopping with exit status 74; every event committed before now "
                        "is in the store. Restore the file's permissions and run again.\n";
                    write_text(before, sizeof before - 1);
                    write_text(path, path_length);
                    write_text(after, sizeof after - 1);
                    _exit(74);
                }
                consumed += length + 1;
            }
            // Keep the unfinished line; drop a line too long to be a mapping of ours.
            if (consumed == 0 && held == sizeof buffer) held = 0;
            memmove(buffer, buffer + consumed, held - consumed);
            held -= consumed;
        }
        close(maps);
    }
    // Not a fault on a -shm file: hand it to the previous handler by restoring it; the faulting
    // instruction runs again and faults again.
    sigaction(signal_number, &previous_action, NULL);
}

static int install_result = 0;

static void install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    install_result = sigaction(SIGBUS, &action, &previous_action);
}

int statecraft_install_shm_fault_handler(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install);
    return install_result;
}

#else

int statecraft_install_shm_fault_handler(void) { return 0; }

#endif
