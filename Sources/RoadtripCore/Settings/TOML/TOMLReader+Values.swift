/// Values: which kind starts here, and the two that hold others (lists and inline tables).
extension TOMLReader {
    /// The value starting here, `depth` tables and lists deep.
    mutating func readValue(depth: Int) throws -> TOMLValue {
        guard depth <= Self.maxDepth else { throw fault(Self.tooDeep) }
        switch peek() {
        case UInt8(ascii: "\"")?:
            if has("\"\"\"") { return .string(try readMultiLineBasicString()) }
            index += 1
            return .string(try readBasicString())
        case UInt8(ascii: "'")?:
            if has("'''") { return .string(try readMultiLineLiteralString()) }
            index += 1
            return .string(try readLiteralString())
        case UInt8(ascii: "t")? where has("true"):
            index += 4
            return .boolean(true)
        case UInt8(ascii: "f")? where has("false"):
            index += 5
            return .boolean(false)
        case UInt8(ascii: "[")?:
            return .array(try readList(depth: depth))
        case UInt8(ascii: "{")?:
            return .table(try readInlineTable(depth: depth))
        default:
            if let value = try readDateOrTime() ?? readNumber() { return value }
            throw fault("a value was expected, not \(describe())")
        }
    }

    /// `[1, 2, ]`: values with blanks, line ends and comments between them, and an optional last comma.
    private mutating func readList(depth: Int) throws -> [TOMLValue] {
        index += 1
        var values: [TOMLValue] = []
        while true {
            try skipListSpace()
            if peek() == UInt8(ascii: "]") { break }
            values.append(try readValue(depth: depth + 1))
            try skipListSpace()
            if peek() == UInt8(ascii: "]") { break }
            guard peek() == UInt8(ascii: ",") else {
                throw fault("a comma or ] was expected after the list's value, not \(describe())")
            }
            index += 1
        }
        index += 1
        return values
    }

    /// `{ a = 1, b.c = 2 }`: on one line, without a last comma; dotted keys define tables inside it.
    private mutating func readInlineTable(depth: Int) throws -> TOMLTable {
        index += 1
        let table = TOMLTableNode()
        skipBlanks()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return table.table
        }
        while true {
            let start = index
            let key = try readKey()
            try readEquals()
            let value = try readValue(depth: depth + key.count)
            do {
                try Self.define(key, .value(value), in: table, section: 0)
            } catch let broken as RuleBroken {
                throw fault(broken.reason, at: start)
            }
            skipBlanks()
            if peek() == UInt8(ascii: "}") { break }
            guard peek() == UInt8(ascii: ",") else {
                throw fault("a comma or } was expected after the inline table's value, not \(describe())")
            }
            index += 1
            skipBlanks()
        }
        index += 1
        return table.table
    }
}
