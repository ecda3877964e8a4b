import XCTest
@testable import RoadtripCore

/// `TOMLReader`: values of every kind, and faults with their line, column and reason (tomllib's agreement on
/// thousands of documents is `TOMLReaderDifferentialTests`).
final class TOMLReaderTests: XCTestCase {
    private func read(_ text: String) throws -> TOMLTable {
        try TOMLReader.read(Array(text.utf8)).root
    }

    private func fault(_ bytes: [UInt8]) -> TOMLError? {
        do {
            _ = try TOMLReader.read(bytes)
            return nil
        } catch {
            return error as? TOMLError
        }
    }

    private func fault(_ text: String) -> TOMLError? { fault(Array(text.utf8)) }

    /// "2:5 reason".
    private func place(_ bytes: [UInt8]) -> String? {
        fault(bytes).map { "\($0.line):\($0.column) \($0.reason)" }
    }

    private func place(_ text: String) -> String? { place(Array(text.utf8)) }

    func testEveryKindOfValue() throws {
        let table = try read("""
            s = "a\\tb\\u00E9"
            l = 'C:\\x'
            m = \"\"\"
            one
            two\"\"\"\"
            i = 1_000
            """)
        XCTAssertEqual(table["s"], .string("a\tbé"))
        XCTAssertEqual(table["l"], .string("C:\\x"))
        XCTAssertEqual(table["m"], .string("one\ntwo\""))
        XCTAssertEqual(table["i"], .integer(1000))
        let more = try read("""
            h = 0xFF
            f = 6.5e-1
            n = -inf
            b = true
            d = 1979-05-27T07:32:00.1234567-07:30
            ld = 1979-05-27
            lt = 07:32:00
            a = [1, [2], { x = "y" }]
            [t.u]
            v = 1
            [[w]]
            [[w]]
            z = 2
            """)
        XCTAssertEqual(more["h"], .integer(255))
        XCTAssertEqual(more["f"], .float(0.65))
        XCTAssertEqual(more["n"], .float(-.infinity))
        XCTAssertEqual(more["b"], .boolean(true))
        XCTAssertEqual(more["d"], .offsetDateTime(TOMLDate(year: 1979, month: 5, day: 27),
                                                  TOMLTime(hour: 7, minute: 32, second: 0, microsecond: 123_456),
                                                  offsetMinutes: -450))
        XCTAssertEqual(more["ld"], .localDate(TOMLDate(year: 1979, month: 5, day: 27)))
        XCTAssertEqual(more["lt"], .localTime(TOMLTime(hour: 7, minute: 32, second: 0, microsecond: 0)))
        var inline = TOMLTable()
        inline.set("x", .string("y"))
        XCTAssertEqual(more["a"], .array([.integer(1), .array([.integer(2)]), .table(inline)]))
        guard case .table(let t)? = more["t"], case .table(let u)? = t["u"] else { return XCTFail("no t.u") }
        XCTAssertEqual(u["v"], .integer(1))
        guard case .array(let w)? = more["w"] else { return XCTFail("no w") }
        XCTAssertEqual(w.count, 2)
        XCTAssertEqual(more.keys, ["h", "f", "n", "b", "d", "ld", "lt", "a", "t", "w"], "in the document's order")
    }

    /// The shapes that made toml++ abort: a Unicode line or paragraph separator or NEL where a list's value goes,
    /// and a string closed by four or five quotes before a `}` in a list. Each is a fault at its place.
    func testTheShapesThatAbortedTOMLKitAreFaultsWithLineAndColumn() {
        let shapes: [(String, line: Int, column: Int, reason: String)] = [
            ("a = [\u{2028}]", 1, 6, "a value was expected, not U+2028"),
            ("units = \"mi\"\na = [1,\u{2029}]", 2, 8, "a value was expected, not U+2029"),
            ("a = [\u{85}]", 1, 6, "a value was expected, not U+0085"),
            ("a = { b = [\u{2028}] }", 1, 12, "a value was expected, not U+2028"),
            ("note = [\"\"\"x\"\"\"\", }]", 1, 19, "a value was expected, not \"}\""),
            ("note = [\"\"\"x\"\"\"\"\", }]", 1, 20, "a value was expected, not \"}\""),
            ("note = ['''x'''', }]", 1, 19, "a value was expected, not \"}\""),
            ("note = ['''x''''', }]", 1, 20, "a value was expected, not \"}\""),
            // And the three toml++ assertions TOMLParserGuard knew of.
            ("departure = 1979-05-27Tx07:32:00Z", 1, 23, "the line should end after the statement, not go on with \"T\""),
            ("[\\x]", 1, 2, #"a key was expected, not "\""#),
            ("a = [1, }", 1, 9, "a value was expected, not \"}\""),
        ]
        for shape in shapes {
            XCTAssertEqual(place(shape.0), "\(shape.line):\(shape.column) \(shape.reason)", shape.0.debugDescription)
        }
    }

    /// TOMLParserGuard refused this valid key as "a date and time without the time after T".
    func testAKeyThatLooksLikeADateIsAKey() throws {
        XCTAssertEqual(try read("1979-05-27Tab = 1\n")["1979-05-27Tab"], .integer(1))
    }

    func testFaultsSayWhereAndWhy() {
        let faults: [(String, line: Int, column: Int, reason: String)] = [
            ("a = 1\nb = \n", 2, 5, "a value was expected, not the end of the line"),
            ("a = 1\na = 2\n", 2, 1, "a is already defined"),
            ("[t]\n[t]\n", 2, 2, "[t] is already defined"),
            ("a = \"b\n", 1, 7, "the string is not closed before the end of the line"),
            ("a = \"b\\q\"\n", 1, 7, "\\q is not an escape TOML knows (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX); "
                + "a backslash itself is \\\\"),
            ("a = \"\u{1}\"", 1, 6, "a string cannot hold U+0001 as it is (a control character: write it as an escape)"),
            ("é = 1", 1, 1, "a key, a [table] or a comment was expected, not U+00E9"),
            ("a = 1979-02-29", 1, 5, "1979-02-29 is no date in the calendar"),
            ("a = 1 # \u{7F}", 1, 9, "a comment cannot hold U+007F"),
            ("a = 1\rb = 2", 1, 6, "the line should end after the statement, not go on with U+000D"),
        ]
        for expected in faults {
            XCTAssertEqual(place(expected.0), "\(expected.line):\(expected.column) \(expected.reason)",
                           expected.0.debugDescription)
        }
    }

    func testBytesThatAreNotUTF8AreAFaultAtTheFirstOne() {
        XCTAssertEqual(place(Array("a = 1\nb = \"é".utf8) + [0xFF, 0x22]), "2:7 it is not UTF-8 text")
        XCTAssertEqual(fault([0xED, 0xA0, 0x80])?.reason, "it is not UTF-8 text", "an encoded surrogate")
        XCTAssertEqual(fault([0xC0, 0xAF])?.reason, "it is not UTF-8 text", "an overlong form")
    }

    /// No stack overflow and no overflow trap: nesting past the limit and huge integers are faults.
    func testNestingAndIntegersAreBounded() {
        let depth = 100_000
        for text in ["a = " + String(repeating: "[", count: depth), "a = " + String(repeating: "{b = ", count: depth),
                     "[" + Array(repeating: "a", count: depth).joined(separator: ".") + "]"] {
            XCTAssertEqual(fault(text)?.reason, TOMLReader.tooDeep, String(text.prefix(10)))
        }
        XCTAssertEqual(fault(Array(repeating: "a", count: depth).joined(separator: ".") + " = 1")?.reason,
                       TOMLReader.tooDeep)
        for text in ["a = 9223372036854775808", "a = -9223372036854775809", "a = 0xFFFFFFFFFFFFFFFF",
                     "a = 0b" + String(repeating: "1", count: 64), "a = 0o1777777777777777777777"] {
            XCTAssertEqual(fault(text)?.reason, TOMLReader.tooLarge, text)
        }
        XCTAssertEqual(try read("a = -9223372036854775808")["a"], .integer(.min))
        XCTAssertEqual(try read("a = 0x7FFFFFFFFFFFFFFF")["a"], .integer(.max))
    }

    func testLineEndsAreLineFeedsOrCarriageReturnLineFeeds() throws {
        let table = try read("a = 1\r\nb = \"\"\"x\r\ny\"\"\"\r\n# c\r\n")
        XCTAssertEqual(table["b"], .string("x\ny"))
    }
}
