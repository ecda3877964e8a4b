import Foundation
@testable import RoadtripCore
import XCTest

/// `tolls.bin` read back as written, and refused whole when it is not a file the build wrote.
final class TollFileTests: XCTestCase {
    private var folder: URL!
    private var file: URL { folder.appendingPathComponent(TollFile.name) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toll-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private let ways = [
        TollWay(points: [TollWay.Point(latitude: 610_031_234, longitude: 70_200_000)!,
                         TollWay.Point(latitude: -899_999_999, longitude: -1_800_000_000)!],
                charge: TollCharge(amount: 12.5, currency: "EUR"))!,
        TollWay(points: [TollWay.Point(latitude: 1, longitude: 2)!, TollWay.Point(latitude: 3, longitude: 4)!,
                         TollWay.Point(latitude: 5, longitude: 6)!], charge: nil)!,
    ]

    func testWaysAreReadAsWritten() throws {
        try TollFile.write(ways, to: file)
        XCTAssertEqual(try TollFile.read(file), ways)
        XCTAssertEqual(try Data(contentsOf: file).count, 16 + 2 * 16 + 5 * 8)
        try TollFile.write([], to: file)
        XCTAssertEqual(try TollFile.read(file), [], "a region without tolls knows it has none")
    }

    func testADamagedFileIsRefused() throws {
        try TollFile.write(ways, to: file)
        let good = try Data(contentsOf: file)
        func refused(_ change: (inout Data) -> Void, _ why: String) throws {
            var bytes = good
            change(&bytes)
            try bytes.write(to: file)
            XCTAssertThrowsError(try TollFile.read(file)) { XCTAssertEqual(($0 as? TollFile.Damage)?.description, why) }
        }
        func number<N: FixedWidthInteger>(_ value: N) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        try refused({ $0.removeLast() }, "does not match its counts")
        try refused({ $0.append(0) }, "does not match its counts")
        try refused({ $0 = Data() }, "is empty")
        try refused({ $0[0] = UInt8(ascii: "X") }, "is not a toll file")
        try refused({ $0[4] = 2 }, "is format 2")
        try refused({ $0.replaceSubrange(12..<16, with: number(UInt32.max)) }, "does not match its counts")
        try refused({ $0[16] = 3 }, "has more points than it holds")
        try refused({ $0[16] = 1; $0[32] = 4 }, "has a way whose point count, 1, is not 2 to 2000")
        try refused({ $0[16 + 4] = UInt8(ascii: "e") }, "has a charge that is not one")
        try refused({ $0[16 + 7] = 2 }, "has a charge that is not one")
        try refused({ $0.replaceSubrange(24..<32, with: number((-1.0).bitPattern)) }, "has a charge that is not one")
        try refused({ $0.replaceSubrange(48..<52, with: number(Int32(900_000_001))) }, "has a position out of range")
        XCTAssertThrowsError(try TollFile.read(folder.appendingPathComponent("absent")))
    }
}
