import XCTest
final class RoadtripAppTestsPlaceholder: XCTestCase {}
