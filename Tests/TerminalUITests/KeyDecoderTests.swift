import XCTest
@testable import TerminalUI

final class KeyDecoderTests: XCTestCase {
    func testControlBytes() {
        XCTAssertEqual(KeyDecoder.decode(character: 0x0D), .key(.enter))
        XCTAssertEqual(KeyDecoder.decode(character: 0x0A), .key(.enter))
        XCTAssertEqual(KeyDecoder.decode(character: 0x09), .key(.tab))
        XCTAssertEqual(KeyDecoder.decode(character: 0x1B), .key(.escape))
        XCTAssertEqual(KeyDecoder.decode(character: 0x7F), .key(.backspace))
        XCTAssertEqual(KeyDecoder.decode(character: 0x08), .key(.backspace))
        XCTAssertEqual(KeyDecoder.decode(character: 0x03), .key(.ctrl("c")))
        XCTAssertEqual(KeyDecoder.decode(character: 0x13), .key(.ctrl("s")))
        XCTAssertEqual(KeyDecoder.decode(character: 0x17), .key(.ctrl("w")))
        XCTAssertEqual(KeyDecoder.decode(character: 0x1C), .key(.ctrl("\\")))
        XCTAssertEqual(KeyDecoder.decode(character: 0x1A), .suspend)
        XCTAssertEqual(KeyDecoder.decode(character: 0x00), .none)
        XCTAssertEqual(KeyDecoder.decode(character: 0x9B), .none)  // C1 CSI never becomes a character
    }

    func testCharacters() {
        XCTAssertEqual(KeyDecoder.decode(character: 0x71), .key(.character("q")))
        XCTAssertEqual(KeyDecoder.decode(character: 0x4A), .key(.character("J")))
        XCTAssertEqual(KeyDecoder.decode(character: 0x6771), .key(.character("東")))
        XCTAssertEqual(KeyDecoder.decode(character: 0x1F697), .key(.character("🚗")))
        XCTAssertEqual(KeyDecoder.decode(character: 0xD800), .none)  // a lone surrogate is not a scalar
    }
}
