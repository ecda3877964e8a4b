import Foundation
@testable import RoadtripCore
import XCTest

/// `chargers.tsv` read back as written; a damaged one gives the chargers before the damage (a cut between two lines
/// looks whole, and gives the same), a missing one none.
final class ChargerFileTests: XCTestCase {
    private var folder: URL!
    private var file: URL { folder.appendingPathComponent(ChargerFile.name) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("charger-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private let chargers = [
        Charger(osmID: "n1685729190", latitude: 60.1681124, longitude: 24.9401871, name: "Kamppi ⚡",
                sockets: [Charger.Socket(kind: .type2, count: 4, kw: 22), Charger.Socket(kind: .type2Combo, count: 2, kw: 150),
                          Charger.Socket(kind: .chademo, count: 1, kw: nil)], isPrivate: false),
        Charger(osmID: "w42", latitude: -89.9999999, longitude: 180, name: "", sockets: [], isPrivate: true),
        Charger(osmID: "r9", latitude: 50, longitude: -179.5, name: "Depot", sockets: [
            Charger.Socket(kind: .teslaSupercharger, count: 100, kw: 0.1), Charger.Socket(kind: .gbDC, count: 1, kw: 1_000),
        ], isPrivate: false),
    ]

    func testChargersAreReadAsWritten() throws {
        try ChargerFile.write(chargers, to: file)
        XCTAssertEqual(ChargerFile.read(file), ChargerFile.Contents(chargers: chargers, damage: nil))
        XCTAssertTrue(String(decoding: try Data(contentsOf: file), as: UTF8.self).hasPrefix(ChargerFile.header + "\n"))
        try ChargerFile.write([], to: file)
        XCTAssertEqual(ChargerFile.read(file), ChargerFile.Contents(chargers: [], damage: nil))
    }

    func testNamesAreCleanedIntoOneField() throws {
        let hostile = Charger(osmID: "n5", latitude: 1, longitude: 2, name: "A\tB\nC|D\u{1B}[31m\r🔌", sockets: [],
                              isPrivate: false)
        try ChargerFile.write([hostile, chargers[0]], to: file)
        let read = ChargerFile.read(file)
        XCTAssertNil(read.damage)
        XCTAssertEqual(read.chargers.map(\.name), ["A B C D[31m 🔌", "Kamppi ⚡"])
    }

    func testNoFileIsNoChargers() {
        XCTAssertEqual(ChargerFile.read(file), ChargerFile.Contents(chargers: [], damage: nil),
                       "a region built before chargers")
    }

    func testACutFileKeepsTheChargersBeforeTheCut() throws {
        try ChargerFile.write(chargers, to: file)
        let whole = try Data(contentsOf: file)
        let lineEnds = whole.indices.filter { whole[$0] == UInt8(ascii: "\n") }
        for length in 0..<whole.count {
            let read = ChargerFile.parse(whole.prefix(length))
            let complete = lineEnds.filter { $0 < length }.count - 1
            XCTAssertEqual(read.chargers, Array(chargers.prefix(max(0, complete))), "cut at \(length) bytes")
            if length == 0 || whole[length - 1] != UInt8(ascii: "\n") {
                XCTAssertNotNil(read.damage, "cut at \(length) bytes, inside a line")
            }
        }
    }

    func testABadLineEndsTheReading() throws {
        try ChargerFile.write(chargers, to: file)
        let lines = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n").map(String.init)
        func read(secondCharger line: String) -> ChargerFile.Contents {
            ChargerFile.parse(Data(([lines[0], lines[1], line, lines[3]].joined(separator: "\n") + "\n").utf8))
        }
        let bad = [
            "w42\t91\t180\t1\t\t", "w42\tnan\t180\t1\t\t", "w42\t-89\tinf\t1\t\t", "w42\t1e400\t1\t1\t\t",
            "w42\t1\t1\t2\t\t", "w42\t1\t1\t1\t", "w42\t1\t1\t1\t\t\t", "x42\t1\t1\t1\t\t", "w\t1\t1\t1\t\t",
            "w4-2\t1\t1\t1\t\t", "w42\t1\t1\t1\t\ttype3:1:", "w42\t1\t1\t1\t\ttype2:0:", "w42\t1\t1\t1\t\ttype2:101:",
            "w42\t1\t1\t1\t\ttype2:-1:", "w42\t1\t1\t1\t\ttype2:1:nan", "w42\t1\t1\t1\t\ttype2:1:1e9",
            "w42\t1\t1\t1\t\ttype2:1:0", "w42\t1\t1\t1\t\ttype2:1", "w42\t1\t1\t1\t\ttype2:1:22,", "",
            "w42\t1\t1\t1\t\t" + Array(repeating: "type2:1:22", count: 13).joined(separator: ","),
            "w42\t1\t1\t1\t" + String(repeating: "x", count: 5_000) + "\t",
        ]
        for line in bad {
            let read = read(secondCharger: line)
            XCTAssertEqual(read.chargers, [chargers[0]], line)
            XCTAssertEqual(read.damage, "line 3 is not a charger", line)
        }
        XCTAssertEqual(read(secondCharger: lines[2]).chargers, chargers, "the good line reads")
        XCTAssertEqual(ChargerFile.parse(Data("# roadtrip chargers 2\n".utf8 + Data(lines[1].utf8) + Data("\n".utf8))),
                       ChargerFile.Contents(chargers: [], damage: "is not a chargers file (expected \"\(ChargerFile.header)\")"),
                       "another format: nothing believed")
        XCTAssertEqual(ChargerFile.parse(Data([0xFF, 0xFE, 0x0A])).chargers, [])
    }
}
