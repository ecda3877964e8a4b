/// Integers (`-17`, `1_000`, `0xFF`, `0o17`, `0b101`) and floats (`3.14`, `6e-5`, `inf`, `nan`). Each reads the
/// longest number that starts here, as `tomllib` does; what follows is the caller's to judge.
extension TOMLReader {
    /// The number starting here, or nil (nothing read) when none does.
    mutating func readNumber() throws -> TOMLValue? {
        let start = index
        let radixes: [UInt8: Int64] = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2]
        if peek() == UInt8(ascii: "0"), let radix = peek(1).flatMap({ radixes[$0] }),
           let end = digitsEnd(from: index + 2, radix: radix) {
            index = end
            return .integer(try integer(bytes[(start + 2)..<end], radix: radix, negative: false, start: start))
        }
        var end = index
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { end += 1 }
        let digitsStart = end
        if end < bytes.count, bytes[end] == UInt8(ascii: "0") {
            end += 1
        } else if let wholeEnd = digitsEnd(from: end, radix: 10) {
            end = wholeEnd
        } else {
            return readSpecialFloat()
        }
        var isFloat = false
        if end < bytes.count, bytes[end] == UInt8(ascii: "."), let fractionEnd = digitsEnd(from: end + 1, radix: 10) {
            end = fractionEnd
            isFloat = true
        }
        if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") {
            var exponent = end + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") {
                exponent += 1
            }
            if let exponentEnd = digitsEnd(from: exponent, radix: 10) {
                end = exponentEnd
                isFloat = true
            }
        }
        index = end
        if isFloat {
            let text = String(decoding: bytes[start..<end].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
            // Foundation-free and correctly rounded; a huge exponent gives infinity, as `tomllib` reads it.
            guard let value = Double(text) else { throw fault("\(text) is not a number", at: start) }
            return .float(value)
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        return .integer(try integer(bytes[digitsStart..<end], radix: 10, negative: negative, start: start))
    }

    /// Where a run of digits in `radix` starting at `offset` ends (one `_` allowed between two digits), or nil
    /// when no digit is there.
    private func digitsEnd(from offset: Int, radix: Int64) -> Int? {
        func isDigit(_ at: Int) -> Bool {
            at < bytes.count && Self.hexValue(bytes[at]).map { Int64($0) < radix } == true
        }
        guard isDigit(offset) else { return nil }
        var end = offset + 1
        while true {
            if isDigit(end) {
                end += 1
            } else if end < bytes.count, bytes[end] == UInt8(ascii: "_"), isDigit(end + 1) {
                end += 2
            } else {
                return end
            }
        }
    }

    /// The digits' value, refused past 64 bits (TOML's range).
    private func integer(_ digits: ArraySlice<UInt8>, radix: Int64, negative: Bool, start: Int) throws -> Int64 {
        var value: Int64 = 0
        for byte in digits where byte != UInt8(ascii: "_") {
            let digit = Int64(Self.hexValue(byte) ?? 0)
            let shifted = value.multipliedReportingOverflow(by: radix)
            // Negative numbers are built downwards: Int64.min has no positive twin.
            let next = negative ? shifted.partialValue.subtractingReportingOverflow(digit)
                                : shifted.partialValue.addingReportingOverflow(digit)
            guard !shifted.overflow, !next.overflow else {
                throw fault(Self.tooLarge, at: start)
            }
            value = next.partialValue
        }
        return value
    }

    /// `inf`, `nan`, signed or not, or nil.
    private mutating func readSpecialFloat() -> TOMLValue? {
        let sign = peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") ? 1 : 0
        let negative = peek() == UInt8(ascii: "-")
        index += sign
        if has("inf") {
            index += 3
            return .float(negative ? -.infinity : .infinity)
        }
        if has("nan") {
            index += 3
            return .float(negative ? -.nan : .nan)
        }
        index -= sign
        return nil
    }
}
