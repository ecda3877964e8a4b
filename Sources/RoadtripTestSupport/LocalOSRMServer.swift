import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `osrm-routed` on a free loopback port, serving a graph from `RoutingTools.osrmGraph`: started, waited
/// for until it answers (bounded), stopped on `stop()` or when released.
public final class LocalOSRMServer {
    public let port: Int
    private let process: Process
    private let log: URL

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// `maxTableSize`: osrm-routed's `--max-table-size` (its default, 100, when nil).
    public init(graph: URL, maxTableSize: Int? = nil, timeout: TimeInterval = 20) throws {
        let routed = try RoutingTools.osrm("osrm-routed")
        log = FileManager.default.temporaryDirectory.appendingPathComponent("osrm-routed-\(UUID().uuidString).log")
        var lastError = ""
        // A port found free may be taken before the server binds it: then another.
        for _ in 0..<3 {
            let port = try Self.freePort()
            let process = Process()
            process.executableURL = routed
            process.arguments = ["--algorithm", "mld", "-i", "127.0.0.1", "-p", String(port), "-t", "1"]
                + (maxTableSize.map { ["--max-table-size", String($0)] } ?? []) + [graph.path]
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            try? output.close()
            if Self.waitUntilAnswering(port: port, process: process, timeout: timeout) {
                self.port = port
                self.process = process
                return
            }
            Self.kill(process)
            lastError = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        try? FileManager.default.removeItem(at: log)
        throw RoutingTools.Missing(description: "osrm-routed did not start: \(lastError.suffix(2000))")
    }

    deinit {
        stop()
    }

    /// Stops the server and waits for it to be gone (SIGKILL after a second).
    public func stop() {
        Self.kill(process)
        try? FileManager.default.removeItem(at: log)
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private static func waitUntilAnswering(port: Int, process: Process, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let probe = URL(string: "http://127.0.0.1:\(port)/nearest/v1/driving/24.94,60.17")!
        while Date() < deadline && process.isRunning {
            if let (status, _) = try? HTTPGet.fetch(probe, timeout: 1), status == 200 { return true }
            usleep(50_000)
        }
        return false
    }

    /// A loopback port nobody listens on at this instant.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RoutingTools.Missing(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw RoutingTools.Missing(description: "bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// One blocking GET, bounded: for tests that ask a server themselves.
public enum HTTPGet {
    public static func fetch(_ url: URL, timeout: TimeInterval = 10) throws -> (status: Int, body: Data) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: url) { data, response, error in
            box.lock.withLock { box.result = (data, response, error) }
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + timeout + 1) == .success else {
            throw RoutingTools.Missing(description: "GET \(url) did not finish within \(timeout) s")
        }
        let (data, response, error) = box.lock.withLock { box.result }
        if let error { throw error }
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
    }

    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var result: (Data?, URLResponse?, Error?) = (nil, nil, nil)
    }
}
