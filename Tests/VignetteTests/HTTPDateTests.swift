import Foundation
import Testing

@testable import Vignette

/// The one HTTP-date parser (RFC 9110 §5.6.7) behind `Expires`, `Date`,
/// `Last-Modified` and `Retry-After`.
@Suite struct HTTPDateTests {
    /// RFC 9110's example instant, Sun, 06 Nov 1994 08:49:37 GMT.
    static let example = Date(timeIntervalSince1970: 784_111_777)
    static let now = Date(timeIntervalSince1970: 1_790_000_000)  // September 2026

    func parse(_ text: String) -> Date? { HTTPDate(text, relativeTo: Self.now)?.date }

    @Test func allThreeFormsParse() {
        #expect(parse("Sun, 06 Nov 1994 08:49:37 GMT") == Self.example)
        #expect(parse("Sunday, 06-Nov-94 08:49:37 GMT") == Self.example)
        #expect(parse("Sun Nov  6 08:49:37 1994") == Self.example)
        #expect(parse("Sun Nov 06 08:49:37 1994") == Self.example)
    }

    @Test func leniencyAGoodRecipientAllows() {
        #expect(parse("  sun, 06 nov 1994 08:49:37 gmt ") == Self.example)
        #expect(parse("Sun, 06 Nov 1994 08:49:37 UTC") == Self.example)
        #expect(parse("Sun, 6 Nov 1994 08:49:37 GMT") == Self.example)
        #expect(parse("Sunday, 06-Nov-1994 08:49:37 GMT") == Self.example)
        // A wrong weekday is the sender's slip, not a reason to drop the date.
        #expect(parse("Mon, 06 Nov 1994 08:49:37 GMT") == Self.example)
    }

    @Test func calendarArithmeticIsExact() {
        #expect(parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(parse("Wed, 31 Dec 1969 23:59:59 GMT") == Date(timeIntervalSince1970: -1))
        #expect(parse("Tue, 29 Feb 2000 12:00:00 GMT") == Date(timeIntervalSince1970: 951_825_600))
        #expect(parse("Wed, 21 Oct 2015 07:28:00 GMT") == Date(timeIntervalSince1970: 1_445_412_480))
        #expect(parse("Fri, 31 Dec 9999 23:59:59 GMT") == Date(timeIntervalSince1970: 253_402_300_799))
    }

    /// A two-digit year more than 50 years ahead is the century before.
    @Test func rfc850YearsFallWithinFiftyYearsOfNow() {
        #expect(parse("Sunday, 01-Jan-76 00:00:00 GMT") == parse("Thu, 01 Jan 2076 00:00:00 GMT"))
        #expect(parse("Sunday, 01-Jan-77 00:00:00 GMT") == parse("Sat, 01 Jan 1977 00:00:00 GMT"))
        #expect(parse("Sunday, 01-Jan-26 00:00:00 GMT") == parse("Thu, 01 Jan 2026 00:00:00 GMT"))
        let in1990 = Date(timeIntervalSince1970: 631_152_000)
        #expect(HTTPDate("Sunday, 06-Nov-94 08:49:37 GMT", relativeTo: in1990)?.date == Self.example)
    }

    @Test(arguments: [
        "", "yesterday", "0", "-1", "1994-11-06T08:49:37Z",
        "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Nov 1994 08:49:37 +0000",
        "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, +6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT", "Funday, 06-Nov-94 08:49:37 GMT", "Sunday, 06-Nov-9 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994 GMT", "Sun Nov  6 08:49:37", "Sun, 06 Nov 1994 08:49:37 GMT extra"
    ])
    func garbageIsNil(_ text: String) {
        #expect(parse(text) == nil)
    }

    /// No reference instant traps; before year 50 a two-digit year has no past century.
    @Test func anyInstantIsSafeForTheTwoDigitYear() {
        #expect(HTTPDate("Sunday, 06-Nov-94 08:49:37 GMT", relativeTo: .distantFuture) != nil)
        #expect(HTTPDate("Sunday, 06-Nov-94 08:49:37 GMT", relativeTo: .distantPast) == nil)
        for nonsense in [Double.infinity, -.infinity, .nan] {
            _ = HTTPDate("Sunday, 06-Nov-94 08:49:37 GMT", relativeTo: Date(timeIntervalSince1970: nonsense))
        }
    }
}
