// Two independent URLSessions: does one session's gzip bomb (inflated by libcurl on the session's work queue) hold
// up the other session's `dataTask(with:)`, `resume()` and a 2-byte fetch?
import Foundation
import FoundationNetworking

let port = CommandLine.arguments[1]
let withBomb = CommandLine.arguments.count > 2
final class Sink: NSObject, URLSessionDataDelegate {
    var bytes = 0
    func urlSession(_ s: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { bytes += data.count }
}
let sink = Sink()
let bombSession = URLSession(configuration: .ephemeral, delegate: sink, delegateQueue: nil)
if withBomb {
    bombSession.dataTask(with: URL(string: "http://127.0.0.1:\(port)/bomb")!).resume()
    Thread.sleep(forTimeInterval: 0.3)
}
let other = URLSession(configuration: .ephemeral)
let done = DispatchSemaphore(value: 0)
let start = Date()
let task = other.dataTask(with: URL(string: "http://127.0.0.1:\(port)/small")!) { data, _, error in
    print(String(format: "small fetch done after %.3f s: %@", Date().timeIntervalSince(start),
        String(decoding: data ?? Data(), as: UTF8.self)), error.map { "\($0)" } ?? "")
    done.signal()
}
let made = Date().timeIntervalSince(start)
task.resume()
let resumed = Date().timeIntervalSince(start)
print(String(format: "other session: dataTask(with:) returned after %.3f s, resume() after %.3f s", made, resumed))
done.wait()
print("bomb session delivered \(sink.bytes >> 20) MiB so far")
