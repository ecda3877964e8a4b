import XCTest
final class TerminalUITestsPlaceholder: XCTestCase {}
