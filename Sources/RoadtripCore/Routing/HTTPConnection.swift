import CCurl
import Foundation

/// One kept-alive HTTP connection for GETs: a libcurl easy handle (libcurl is loaded on the first request, see
/// `CCurl`), asked one request at a time: callers on several threads wait their turn, as they would for the
/// one connection.
final class HTTPConnection: @unchecked Sendable {
    enum Failure: Error, Equatable {
        /// libcurl could not be loaded: why.
        case libraryMissing(String)
        /// Nothing arrived for the idle time-out.
        case idle
        /// The whole request took longer than the total time-out.
        case total
        /// Refused, the host unknown, the connection dropped.
        case noServer
        /// The body went past `bodyLimit`.
        case tooLarge
        /// Anything else, in libcurl's words.
        case other(String)
    }

    /// A body longer than this is refused: far more than OSRM's longest route or largest table (~1 MB).
    static let bodyLimit = 32 << 20

    private let headers: [String]
    private let idleTimeout: TimeInterval
    private let totalTimeout: TimeInterval
    private let lock = NSLock()
    /// Made on the first request (under `lock`), so that making an engine loads nothing.
    private var handle: UnsafeMutableRawPointer?
    /// libcurl keeps a pointer to the list: it lives as long as the handle.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// `headers` as sent ("Name: value"); the time-outs in seconds.
    init(headers: [String], idleTimeout: TimeInterval, totalTimeout: TimeInterval) {
        self.headers = headers
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
    }

    deinit {
        if let handle { rt_curl_easy_cleanup(handle) }
        if let headerList { rt_curl_slist_free_all(headerList) }
    }

    /// The answer's body and HTTP status (redirects followed, the body decompressed).
    func get(_ url: String) throws(Failure) -> (body: Data, status: Int) {
        lock.lock()
        defer { lock.unlock() }
        let handle = try openHandle()
        prepare(handle, url)
        var answer = rt_curl_answer()
        answer.limit = Self.bodyLimit
        answer.idle_seconds = idleTimeout
        defer { rt_curl_answer_free(&answer) }
        let code = rt_curl_perform(handle, &answer)
        switch code {
        case CURLE_OK:
            var status = 0
            rt_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            return (answer.bytes.map { Data(bytes: $0, count: answer.length) } ?? Data(), status)
        case CURLE_WRITE_ERROR where answer.over_limit != 0:
            throw .tooLarge
        case CURLE_ABORTED_BY_CALLBACK where answer.idle_expired != 0:
            throw .idle
        case CURLE_OPERATION_TIMEDOUT:
            throw .total
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_SEND_ERROR,
             CURLE_RECV_ERROR:
            throw .noServer
        default:
            throw .other(String(cString: rt_curl_easy_strerror(code)))
        }
    }

    /// The handle, made once: its connection stays open between requests.
    private func openHandle() throws(Failure) -> UnsafeMutableRawPointer {
        if let handle { return handle }
        if let reason = rt_curl_load() { throw .libraryMissing(String(cString: reason)) }
        guard let made = rt_curl_easy_init() else { throw .other("curl_easy_init failed") }
        for header in headers { headerList = rt_curl_slist_append(headerList, header) }
        handle = made
        return made
    }

    /// Sets the request up from scratch. The reset keeps the open connection but clears libcurl's count of
    /// connections found dead on reuse, which it otherwise keeps for the handle's life and past five refuses
    /// the next request (osrm-routed closes a kept-alive connection every 512 requests).
    private func prepare(_ handle: UnsafeMutableRawPointer, _ url: String) {
        rt_curl_easy_reset(handle)
        rt_curl_setopt_string(handle, CURLOPT_URL, url)
        rt_curl_setopt_list(handle, CURLOPT_HTTPHEADER, headerList)
        // Any encoding libcurl can decode, as URLSession asked.
        rt_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        rt_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        rt_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        rt_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        rt_curl_setopt_long(handle, CURLOPT_MAXREDIRS, 10)
        rt_curl_setopt_long(handle, CURLOPT_MAXCONNECTS, 1)
        // In whole milliseconds, at least one (none would be no limit) and at most a day.
        let totalMilliseconds = totalTimeout.isNaN ? 86_400_000 : Int(min(max(totalTimeout * 1000, 1), 86_400_000))
        rt_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, totalMilliseconds)
        // No SIGALRM for name look-ups: other threads run alongside.
        rt_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    }
}
