import XCTest
@testable import RoadtripCore

final class MarkdownWriterTests: XCTestCase {
    func testTheDayByDayPlanWithEveryNameAndNoteEscaped() throws {
        let text = try ExportFormat.md.document(ExportFixtures.hostile, ExportFixtures.hostileItinerary(), unit: .km)
        XCTAssertEqual(text, ##"""
            # Route \<66\> \& "friends"

            4 stops · ≈1,050 km · ≈10 h 30 driving · 3 nights · 4 days · 12 Jun – 15 Jun 2027

            \# Not a heading\
            \- not a list\
            bell gone

            ## Day 1 · Sat 12 Jun 2027

            At Chicago \& 'Co'

            - **Chicago \& 'Co'** · Illinois, US · start · 1 night\
              Start at \<Adams St\>\
              \*early\*

            ## Day 2 · Sun 13 Jun 2027

            Leaves 09:00 · ≈450 km · 4 h 30 — Chicago \& 'Co' → שלום, St. Louis; \\ end via 東京 🚗\[31m

            - 12:00 **東京 🚗\[31m** · 300 km · 3 h
            - 13:30 **שלום, St. Louis; \\ end** · ≈150 km · 1 h 30 · 2 nights\
              1\. Arch\##ttickets \| \[book\](x)

            ## Day 3 · Mon 14 Jun 2027

            At שלום, St. Louis; \\ end

            ## Day 4 · Tue 15 Jun 2027

            Leaves 09:00 · 600 km · 6 h — שלום, St. Louis; \\ end → Tulsa OK

            - 15:45 **Tulsa OK** · 600 km · 6 h · 1 rest

            ---

            Map data © OpenStreetMap contributors, ODbL (openstreetmap.org/copyright)

            """##, "routed legs: the closing line credits OpenStreetMap")
    }

    func testALineThatWouldStartABlockIsEscaped() {
        XCTAssertEqual(MarkdownWriter.inline("- a"), #"\- a"#)
        XCTAssertEqual(MarkdownWriter.inline("+ a"), #"\+ a"#)
        XCTAssertEqual(MarkdownWriter.inline("==="), #"\==="#)
        XCTAssertEqual(MarkdownWriter.inline("> quote"), #"\> quote"#)
        XCTAssertEqual(MarkdownWriter.inline("12) twelve"), #"12\) twelve"#)
        XCTAssertEqual(MarkdownWriter.inline("2027 trip. Fine"), "2027 trip. Fine")
        XCTAssertEqual(MarkdownWriter.inline("St. Louis - Tulsa"), "St. Louis - Tulsa", "only a line's start")
        XCTAssertEqual(MarkdownWriter.inline("<b>&amp;</b> `x` ~~y~~ _z_"), #"\<b\>\&amp;\</b\> \`x\` \~\~y\~\~ \_z\_"#)
    }
}
