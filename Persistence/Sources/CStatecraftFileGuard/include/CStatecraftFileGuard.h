#ifndef STATECRAFT_FILE_GUARD_H
#define STATECRAFT_FILE_GUARD_H

/// Helpers of StatecraftSQLite that Swift cannot write itself: `ioctl` is variadic, and a signal handler
/// must be async-signal-safe C.

/// Whether the file open as `descriptor` is immutable (`chattr +i` on Linux, `chflags uchg`/`schg` on
/// Apple platforms): 1 if it is, 0 if not, -1 if the file system cannot tell.
int statecraft_file_is_immutable(int descriptor);

/// Installs, once per process, a SIGBUS handler for faults on SQLite's shared-memory (`-shm`) files.
///
/// SQLite maps a WAL database's `-shm` file into memory; when another program makes that file immutable,
/// read-only or shorter while it is mapped, the next access is a SIGBUS inside SQLite. The handler looks up
/// the faulting address in `/proc/self/maps`: if it lies in a mapping of a file whose name ends in `-shm`, it
/// writes a sentence naming the file to standard error and ends the process with status 74 (EX_IOERR) —
/// as safe for the store as a `kill -9`, which it is built to survive. Any other SIGBUS goes to the handler
/// that was installed before. Linux only; elsewhere this does nothing and returns 0.
///
/// Returns 0, or -1 when `sigaction` failed.
int statecraft_install_shm_fault_handler(void);

#endif
