import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import XCTest

/// A region build's bar and time left per phase (`BuildProgress`), on a clock the test moves, and how far
/// planetsplitter is read from what it really prints (`PlanetsplitterProgress`).
final class BuildProgressTests: XCTestCase {
    private var now: UInt64 = 0
    private var written: [String] = []

    private func progress(_ style: BuildProgress.Style, phases: Int = 2) -> BuildProgress {
        BuildProgress(phases: phases, style: style, write: { self.written.append($0) }, clock: { self.now })
    }

    private func seconds(_ value: Double) { now += UInt64(value * 1e9) }

    func testInALogALineAtEachTenthWithTheTimeLeftNeverBackAndTheTimeAtTheEnd() {
        let bar = progress(.lines)
        bar.begin("Reading the extract's checksum")
        seconds(1)
        bar.update(0.05)
        seconds(4)
        bar.update(0.125)
        bar.update(0.11)
        seconds(15)
        bar.update(0.5)
        bar.update(0.55)
        seconds(40)
        bar.update(1)
        bar.begin("Building the roads (planetsplitter)")
        bar.end()
        XCTAssertEqual(written, [
            "[1/2] Reading the extract's checksum\n",
            "[===>                          ]  12%  35 s left\n",
            "[===============>              ]  50%  20 s left\n",
            "[==============================] 100%  in 1 min 0 s\n",
            "[2/2] Building the roads (planetsplitter)\n",
            "[==============================] 100%  in 0 s\n",
        ])
    }

    func testInALogASlowPhaseSaysSoEveryThirtySeconds() {
        let bar = progress(.lines, phases: 1)
        bar.begin("Building the roads (planetsplitter)")
        seconds(10)
        bar.update(0.02)
        seconds(31)
        bar.update(0.03)
        XCTAssertEqual(written.last, "[>                             ]   3%  22 min 6 s left\n")
    }

    func testOnATerminalTheBarIsRedrawnInPlaceAtMostFiveTimesASecondAndFitsTheWidth() {
        let bar = progress(.terminal(columns: 40), phases: 1)
        bar.begin("Exporting them with their positions (osmium export)")
        XCTAssertEqual(written, ["[1/1] Exporting them with their positions (osmium export)\n", "\r\u{1B}[K[>       ]   0%"])
        seconds(0.1)
        bar.update(0.3)
        XCTAssertEqual(written.count, 2, "0.1 s after the last redraw")
        seconds(0.2)
        bar.update(0.5)
        bar.note("places: 3, points of interest: 4")
        seconds(0.3)
        bar.update(0.2)
        seconds(1)
        bar.end()
        XCTAssertEqual(Array(written.dropFirst(2)), [
            "\r\u{1B}[K[====>   ]  50%",
            "\r\u{1B}[K", "      places: 3, points of interest: 4\n", "[====>   ]  50%",
            "\r\u{1B}[K[========] 100%  in 2 s\n",
        ])
        XCTAssertTrue(written.filter { $0.hasPrefix("\r") }.allSatisfy { $0.count <= 40 + 4 }, "a redraw never wraps")
    }

    func testHiddenSaysNothing() {
        let bar = progress(.hidden)
        bar.begin("Reading the extract's checksum")
        bar.update(0.5)
        bar.note("places: 1")
        bar.end()
        XCTAssertEqual(written, [])
    }

    func testDurations() {
        XCTAssertEqual(BuildProgress.duration(0.4), "0 s")
        XCTAssertEqual(BuildProgress.duration(59.6), "1 min 0 s")
        XCTAssertEqual(BuildProgress.duration(754), "12 min 34 s")
        XCTAssertEqual(BuildProgress.duration(3_900), "1 h 5 min")
        XCTAssertEqual(BuildProgress.duration(.infinity), "99 h 59 min")
    }

    /// planetsplitter's own output on Helsinki, read as it comes and again in pieces of 7 bytes: from the parse to
    /// the written database, never back, whatever the pieces.
    func testPlanetsplitterIsReadFromWhatItPrints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planetsplitter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let extract = RoutingTools.helsinkiExtract
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: extract.path)[.size] as? NSNumber).int64Value
        var transcript = Data(), live = PlanetsplitterProgress(inputBytes: size), fractions: [Double] = []
        _ = try RoutinoDatabase.split(extract, into: folder, progress: .hidden,
                                      executable: try RoutingTools.routino("planetsplitter")) { chunk in
            transcript.append(chunk)
            live.read(chunk)
            fractions.append(live.fraction)
        }
        XCTAssertEqual(fractions, fractions.sorted())
        XCTAssertEqual(try XCTUnwrap(fractions.last), 1, accuracy: 0.01)

        var pieces = PlanetsplitterProgress(inputBytes: size), seen: [Double] = [0]
        for start in stride(from: 0, to: transcript.count, by: 7) {
            pieces.read(transcript.subdata(in: start..<min(start + 7, transcript.count)))
            XCTAssertGreaterThanOrEqual(pieces.fraction, seen.last!)
            if pieces.fraction != seen.last { seen.append(pieces.fraction) }
        }
        XCTAssertEqual(pieces.fraction, live.fraction)
        // Every section moved it: the parse by bytes, then the steps.
        XCTAssertTrue(seen.contains { $0 > 0 && $0 < 0.13 }, "\(seen)")
        for start in [0.13, 0.21, 0.63, 0.87, 0.93] { XCTAssertTrue(seen.contains { $0 > start && $0 < start + 0.1 }, "\(start): \(seen)") }
    }
}
