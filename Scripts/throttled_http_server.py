#!/usr/bin/env python3
"""Serves a directory on 127.0.0.1 at a random free port, slowly, for Stenciltown's end-to-end tests.

usage: throttled_http_server.py DIRECTORY PORT_FILE [CHUNK_BYTES] [DELAY_SECONDS]

Writes the chosen port to PORT_FILE once listening. Files are sent with Content-Length, in chunks of
CHUNK_BYTES (64 KiB) with DELAY_SECONDS (0.02) between chunks, so a download takes long enough to be
reset half-way. Missing files get 404 as usual.
"""
import functools
import http.server
import os
import sys
import time


class ThrottledHandler(http.server.SimpleHTTPRequestHandler):
    chunk = 64 * 1024
    delay = 0.02

    def copyfile(self, source, outputfile):
        while True:
            data = source.read(self.chunk)
            if not data:
                return
            try:
                outputfile.write(data)
                outputfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return  # the client cancelled: expected when the test resets the download
            time.sleep(self.delay)

    def log_message(self, format, *args):
        sys.stderr.write("server: " + (format % args) + "\n")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory, port_file = sys.argv[1], sys.argv[2]
    if len(sys.argv) > 3:
        ThrottledHandler.chunk = int(sys.argv[3])
    if len(sys.argv) > 4:
        ThrottledHandler.delay = float(sys.argv[4])
    handler = functools.partial(ThrottledHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    temporary = port_file + ".tmp"
    with open(temporary, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(temporary, port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
