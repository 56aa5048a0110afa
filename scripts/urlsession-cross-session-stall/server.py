# Serves /bomb (256 MiB of spaces, gzip) and /small ("ok") on 127.0.0.1:PORT for repro.swift.
import gzip, http.server, socketserver, sys
bomb = gzip.compress(b" " * (256 << 20), compresslevel=9)
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        body, extra = (bomb, [("Content-Encoding", "gzip")]) if self.path == "/bomb" else (b"ok", [])
        self.send_response(200)
        for k, v in extra: self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        try: self.wfile.write(body)
        except Exception: pass
    def log_message(self, *a): pass
class S(socketserver.ThreadingMixIn, http.server.HTTPServer): daemon_threads = True
S(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
