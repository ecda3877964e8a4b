import Foundation

/// UUIDs as the trips file spells them ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), converted without
/// building intermediate strings: a large file holds tens of thousands of them.
enum UUIDText {
    /// Parses the 36-character form, in either case, as `UUID(uuidString:)` does (only stricter: hex digits
    /// and dashes, nothing else).
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard utf8.count == 36,
              utf8[8] == Byte.minus, utf8[13] == Byte.minus, utf8[18] == Byte.minus, utf8[23] == Byte.minus
        else { return nil }
        // The 32 digits into two big-endian halves; a bad digit sets a high bit in `invalid`.
        var halves: (UInt64, UInt64) = (0, 0)
        var invalid: UInt8 = 0
        var digits = 0
        for index in 0..<36 where index != 8 && index != 13 && index != 18 && index != 23 {
            let nibble = Byte.hexValue(utf8[index]) ?? 0xFF
            invalid |= nibble
            if digits < 16 {
                halves.0 = halves.0 << 4 | UInt64(nibble & 0x0F)
            } else {
                halves.1 = halves.1 << 4 | UInt64(nibble & 0x0F)
            }
            digits += 1
        }
        guard invalid < 0x10 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: halves.0.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: halves.1.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: uuid)
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
