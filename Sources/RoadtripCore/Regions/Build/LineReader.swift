import Foundation

/// Reads a file a line at a time in 1 MB chunks, so a large output of osmium is never held whole. A line
/// longer than `maxLine` (a huge polygon) is skipped and counted, not read.
struct LineReader {
    static let chunk = 1 << 20

    let maxLine: Int
    private(set) var skipped = 0

    init(maxLine: Int) {
        self.maxLine = maxLine
    }

    mutating func forEachLine(in url: URL, _ body: (Data) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var buffer = Data()
        var discarding = false
        while let data = try handle.read(upToCount: Self.chunk), !data.isEmpty {
            // Only the new bytes are searched for a line's end: a long line is not scanned again and again.
            let searched = buffer.count
            buffer.append(data)
            var start = buffer.startIndex
            var from = buffer.index(buffer.startIndex, offsetBy: searched)
            while let newline = buffer[from...].firstIndex(of: UInt8(ascii: "\n")) {
                if discarding {
                    discarding = false
                } else {
                    try body(buffer[start..<newline])
                }
                start = buffer.index(after: newline)
                from = start
            }
            buffer.removeSubrange(buffer.startIndex..<start)
            if buffer.count > maxLine {
                if !discarding { skipped += 1 }
                discarding = true
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !discarding, !buffer.isEmpty { try body(buffer) }
    }
}
