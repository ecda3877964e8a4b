import Foundation

/// UUIDs as the trips file spells them ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), converted without
/// building intermediate strings: a large file holds tens of thousands of them.
enum UUIDText {
    /// Parses the 36-character form, in either case, as `UUID(uuidString:)` does (only stricter: hex digits
    /// and dashes, nothing else).
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard utf8.count == 36, let text = utf8.baseAddress,
              text[8] == Byte.minus, text[13] == Byte.minus, text[18] == Byte.minus, text[23] == Byte.minus
        else { return nil }
        // The 32 digits into two big-endian halves, group by group; a bad digit makes `invalid` 1.
        var halves: (UInt64, UInt64) = (0, 0)
        var invalid: UInt8 = 0
        appendDigits(text, 0..<8, to: &halves.0, invalid: &invalid)
        appendDigits(text, 9..<13, to: &halves.0, invalid: &invalid)
        appendDigits(text, 14..<18, to: &halves.0, invalid: &invalid)
        appendDigits(text, 19..<23, to: &halves.1, invalid: &invalid)
        appendDigits(text, 24..<36, to: &halves.1, invalid: &invalid)
        guard invalid == 0 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: halves.0.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: halves.1.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: uuid)
    }

    /// Shifts the hex digits at `range` into `value`. Without a branch per digit: random hex digits are letters
    /// or numbers unpredictably, and mispredicted branches made this most of an id's cost.
    @inline(__always)
    private static func appendDigits(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, to value: inout UInt64,
                                     invalid: inout UInt8) {
        for index in range {
            let byte = text[index]
            let digit = byte &- Byte.zero
            let letter = (byte | 0x20) &- UInt8(ascii: "a")  // either case
            let isDigit = digit < 10
            invalid |= (isDigit ? 0 : 1) & (letter < 6 ? 0 : 1)
            value = value << 4 | UInt64(isDigit ? digit : letter &+ 10)
        }
    }

    /// Appends the upper-case 36-character form, in quotes, as `JSONEncoder` writes it.
    static func appendQuoted(_ uuid: UUID, to out: inout [UInt8]) {
        let hexDigits: StaticString = "0123456789ABCDEF"
        out.append(Byte.quote)
        withUnsafeBytes(of: uuid.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { out.append(Byte.minus) }
                out.append(hexDigits.utf8Start[Int(byte >> 4)])
                out.append(hexDigits.utf8Start[Int(byte & 0x0F)])
            }
        }
        out.append(Byte.quote)
    }
}
