import Foundation

/// UUIDs as the trips file spells them ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), converted without
/// building intermediate strings: a large file holds tens of thousands of them.
enum UUIDText {
    /// Parses the 36-character form, in either case, as `UUID(uuidString:)` does.
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard utf8.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
            var index = 0
            for byteIndex in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard utf8[index] == Byte.minus else { return false }
                    index += 1
                }
                guard let high = Byte.hexValue(utf8[index]), let low = Byte.hexValue(utf8[index + 1]) else {
                    return false
                }
                bytes[byteIndex] = high << 4 | low
                index += 2
            }
            return true
        }
        return valid ? UUID(uuid: uuid) : nil
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
