import Foundation
import RoadtripCore

/// osmium's line format (OPL), written fast enough for 100 M nodes: one byte buffer, numbers formatted by hand
/// (String interpolation of a Double costs more than the rest of a line), flushed to a descriptor every 4 MB.
struct OPLWriter {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var bytesWritten: Int64 = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(5 << 20)
    }

    /// `n<id> v<version> dV c<changeset> t<time> x<lon> y<lat>` with its tags, if any.
    mutating func node(_ id: Int64, version: Int, stamp: OPLStamp, lon: Int64, lat: Int64, tags: [(String, String)]) throws {
        buffer.append(UInt8(ascii: "n"))
        integer(id)
        object(version: version, stamp: stamp, tags: tags)
        text(" x")
        fixed7(lon)
        text(" y")
        fixed7(lat)
        try endLine()
    }

    /// `w<id> … N<ref>,<ref>…`: refs as OPL writes them, `n` before each.
    mutating func way(_ id: Int64, stamp: OPLStamp, tags: [(String, String)], refs: [Int64]) throws {
        buffer.append(UInt8(ascii: "w"))
        integer(id)
        object(version: 1, stamp: stamp, tags: tags)
        text(" N")
        list(refs) { writer, ref in
            writer.buffer.append(UInt8(ascii: "n"))
            writer.integer(ref)
        }
        try endLine()
    }

    /// `r<id> … M<type><id>@<role>,…`; members are (type letter, id, role).
    mutating func relation(_ id: Int64, stamp: OPLStamp, tags: [(String, String)],
                           members: [(Character, Int64, String)]) throws {
        buffer.append(UInt8(ascii: "r"))
        integer(id)
        object(version: 1, stamp: stamp, tags: tags)
        text(" M")
        list(members) { writer, member in
            writer.buffer.append(contentsOf: String(member.0).utf8)
            writer.integer(member.1)
            writer.buffer.append(UInt8(ascii: "@"))
            writer.escaped(member.2)
        }
        try endLine()
    }

    /// `items` written by `each`, separated by commas.
    private mutating func list<Item>(_ items: [Item], _ each: (inout OPLWriter, Item) -> Void) {
        for (index, item) in items.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            each(&self, item)
        }
    }

    mutating func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw RoutingTools.Missing(description: "writing OPL to osmium failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        bytesWritten += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func object(version: Int, stamp: OPLStamp, tags: [(String, String)]) {
        text(" v")
        integer(Int64(version))
        text(" dV c")
        integer(stamp.changeset)
        buffer.append(contentsOf: stamp.time)
        guard !tags.isEmpty else { return }
        text(" T")
        list(tags) { writer, tag in
            writer.escaped(tag.0)
            writer.buffer.append(UInt8(ascii: "="))
            writer.escaped(tag.1)
        }
    }

    private mutating func endLine() throws {
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 4 << 20 { try flush() }
    }

    private mutating func text(_ ascii: StaticString) {
        ascii.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    mutating func integer(_ value: Int64) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)   // 32 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[31 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            buffer.append(contentsOf: scratch[(32 - count)...])
        }
    }

    /// A coordinate in units of 1e-7 degree, as OPL writes it: `-12.3456789`, trailing zeros kept.
    mutating func fixed7(_ value: Int64) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        let magnitude = Int64(value.magnitude)
        integer(magnitude / 10_000_000)
        buffer.append(UInt8(ascii: "."))
        var fraction = magnitude % 10_000_000, divisor: Int64 = 1_000_000
        for _ in 0..<7 {
            buffer.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// OPL's escape: every character but ASCII letters, digits and a few safe signs as `%hex%` of its code point.
    private mutating func escaped(_ string: String) {
        for scalar in string.unicodeScalars {
            let value = scalar.value
            let plain = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x2D || value == 0x2E || value == 0x5F || value == 0x3A || value > 0x7F
            if plain {
                buffer.append(contentsOf: String(scalar).utf8)
            } else {
                buffer.append(UInt8(ascii: "%"))
                buffer.append(contentsOf: String(value, radix: 16).utf8)
                buffer.append(UInt8(ascii: "%"))
            }
        }
    }
}

/// When and in which changeset an object was last edited, written once per feature (its nodes and way share it).
struct OPLStamp {
    let changeset: Int64
    /// ` t2019-05-04T12:00:00Z`, formatted once.
    let time: [UInt8]

    private let seconds: Int64

    /// `seconds` after 2008-01-01 (OpenStreetMap's busy years); the changeset grows with time, as real ones do.
    init(seconds: Int64, jitter: Int64) {
        self.seconds = seconds
        changeset = 1_000_000 + seconds / 40 + jitter
        time = Array(" t\(Self.iso8601(1_199_145_600 + seconds))".utf8)
    }

    func later(by more: Int64) -> OPLStamp {
        OPLStamp(seconds: seconds + more, jitter: more % 1_000)
    }

    /// `2019-05-04T12:00:00Z` for a Unix time.
    static func iso8601(_ unix: Int64) -> String {
        let epoch = CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber
        let date = CalendarDate(dayNumber: epoch + Int(unix / 86_400))!, second = unix % 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date)T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }
}
