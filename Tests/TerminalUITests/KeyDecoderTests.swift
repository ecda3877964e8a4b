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

    // MARK: Bracketed paste

    /// Feeds `inputs` (text as characters) until the paste ends; returns its text and how many inputs it took.
    private func paste(_ inputs: [PasteDecoder.Input]) -> (text: String, used: Int, finished: Bool) {
        var decoder = PasteDecoder()
        var used = 0
        for input in inputs where !decoder.isFinished {
            decoder.feed(input)
            used += 1
        }
        return (decoder.text, used, decoder.isFinished)
    }

    private func chars(_ text: String) -> [PasteDecoder.Input] {
        text.unicodeScalars.map { .character($0.value) }
    }

    func testAPasteSplitOverSeveralReadsIsOneText() {
        let inputs = chars("Hosse") + [.nothing, .nothing] + chars("gor\r\nsurf") + [.nothing] + chars(" spot") + [.end]
            + chars("after")
        let result = paste(inputs)
        XCTAssertEqual(result.text, "Hossegor\nsurf spot")
        XCTAssertTrue(result.finished)
        XCTAssertEqual(result.used, inputs.count - 5, "what follows the end marker is left for the keys")
    }

    func testLineBreaksTabsAndControls() {
        XCTAssertEqual(paste(chars("a\r\nb\rc\nd\r\n\r\ne") + [.end]).text, "a\nb\nc\nd\n\ne", "CR LF is one break")
        XCTAssertEqual(paste(chars("x\ty") + [.end]).text, "x y")
        // Ctrl-S, Esc, DEL, a C1 control, a bidi override, NUL: none of them reaches the text; é and 東 do.
        XCTAssertEqual(paste(chars("q\u{13}\u{1B}\u{7F}\u{9B}\u{202E}\u{0}é東") + [.end]).text, "qé東")
        // An escape sequence curses decoded as a key (an arrow inside the text) is dropped.
        XCTAssertEqual(paste(chars("a") + [.key] + chars("b") + [.end]).text, "ab")
    }

    func testANestedStartIsIgnoredAndTheFirstEndEndsThePaste() {
        let result = paste(chars("a") + [.start] + chars("b") + [.end] + chars("c") + [.end])
        XCTAssertEqual(result.text, "ab")
        XCTAssertEqual(result.used, 4)
    }

    func testAnUnterminatedPasteEndsAfterASilenceAndNeverWaitsForever() {
        let silence = [PasteDecoder.Input](repeating: .nothing, count: PasteDecoder.maxIdleReads)
        let result = paste(chars("lost end") + silence + chars("typed later"))
        XCTAssertEqual(result.text, "lost end")
        XCTAssertTrue(result.finished)
        XCTAssertEqual(result.used, 8 + PasteDecoder.maxIdleReads)
        // A shorter pause in the middle is only a slow link.
        let pause = [PasteDecoder.Input](repeating: .nothing, count: PasteDecoder.maxIdleReads - 1)
        XCTAssertEqual(paste(chars("a") + pause + chars("b") + pause + [.end]).text, "ab")
    }

    func testAHugePasteIsCutButReadToItsEnd() {
        let huge = [PasteDecoder.Input](repeating: .character(0x78), count: PasteDecoder.maxScalars + 50_000)
        let result = paste(huge + [.end] + chars("q"))
        XCTAssertEqual(result.text.unicodeScalars.count, PasteDecoder.maxScalars)
        XCTAssertEqual(result.used, huge.count + 1, "the rest of the paste never becomes keys")
    }
}
