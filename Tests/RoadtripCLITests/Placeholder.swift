import XCTest
final class RoadtripCLITestsPlaceholder: XCTestCase {}
