import Foundation

/// Each frame's cost, one line per event, for measuring the app as a person drives it (`ROADTRIP_FRAME_LOG=FILE`,
/// read by the bench's tmux journey): `EVENT FRAME_MS AFTER_MS`, where the frame is the event's handling and drawing
/// up to the flush, and "after" the work that follows it without delaying it (saving the change).
public final class FrameLog {
    private let handle: FileHandle

    /// Nil when the file cannot be created; an existing one is appended to.
    public init?(path: String) {
        guard FileManager.default.fileExists(atPath: path)
                || FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    deinit { try? handle.close() }

    func record(_ event: String, frame: Double, after: Double) {
        handle.write(Data(String(format: "%@ %.3f %.3f\n", event, frame, after).utf8))
    }

    static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}

extension InputEvent {
    /// The event as a frame log names it: `key:` and the key, `wake` (late data, posted work) or `quit`.
    var logName: String {
        switch self {
        case .key(let key): return "key:\(key)".filter { !$0.isWhitespace && !$0.isNewline }
        case .wake: return "wake"
        case .quit: return "quit"
        }
    }
}
