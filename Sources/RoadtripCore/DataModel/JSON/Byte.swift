/// The bytes JSON is made of.
enum Byte {
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    static let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
    static let carriageReturn = UInt8(ascii: "\r")
    static let minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0"), e = UInt8(ascii: "e")
    static let t = UInt8(ascii: "t"), f = UInt8(ascii: "f"), n = UInt8(ascii: "n")

    static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        let digit = byte &- zero
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")  // either case
        return letter < 6 ? letter + 10 : nil
    }
}
