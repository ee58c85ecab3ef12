#ifndef STATECRAFT_SQLITE_H
#define STATECRAFT_SQLITE_H

/// The system SQLite (`libsqlite3`: the SDK's on Apple platforms, `libsqlite3-dev` on Debian) for
/// StatecraftSQLite, with what Swift cannot import from it.
#include <sqlite3.h>

/// `sqlite3_bind_text` with `SQLITE_TRANSIENT` (SQLite copies the text before returning): the macro is a
/// cast of -1 to a function pointer, which Swift does not import.
static inline int statecraft_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
