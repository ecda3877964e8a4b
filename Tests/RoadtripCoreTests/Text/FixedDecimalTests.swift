import Foundation
import RoadtripCore
import RoadtripTestSupport
import XCTest

/// `FixedDecimal` writes what `String(format: "%.Nf")` writes, digit for digit: random values of every size and
/// sign, ties and near-ties, values that round up to the next whole number, and those it leaves to printf.
final class FixedDecimalTests: XCTestCase {
    private func assertLikePrintf(_ value: Double, _ decimals: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(FixedDecimal.format(value, decimals: decimals), String(format: "%.\(decimals)f", value),
                       "\(value) with \(decimals) decimals", file: file, line: line)
    }

    func testRandomValuesOfEverySizeAndSign() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200_000 {
            let magnitude = Double.random(in: -6...10, using: &generator)
            let value = pow(10, magnitude) * (Bool.random(using: &generator) ? 1 : -1)
            assertLikePrintf(value, Int.random(in: 0...7, using: &generator))
        }
    }

    func testTiesNearTiesAndCarries() {
        for value in [0.05, 0.15, 0.25, 0.35, 0.45, 2.5, 99.95, 99.96, 9.999_95, 0.000_05, 1.000_05, 179.999_95,
                      -0.04, -0.000_01, -0.0, 0.0, 1e9, 1e12, 123_456_789.123, .infinity, -.infinity, .nan] {
            for decimals in 0...7 { assertLikePrintf(value, decimals) }
        }
        // Every tenth and hundredth between 0 and 100, as distances are written, and every coordinate step.
        for units in 0...10_000 {
            assertLikePrintf(Double(units) / 100, 1)
            assertLikePrintf(Double(units) / 100 + 0.005, 1)
            assertLikePrintf(Double(units - 5_000) / 27.3, 4)
        }
    }
}
