import Foundation

/// An HTTP date (RFC 9110 §5.6.7) in any of the three forms a recipient
/// must accept, always in GMT:
///
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT` (what senders generate);
/// - RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT` (obsolete; two-digit year);
/// - asctime: `Sun Nov  6 08:49:37 1994` (obsolete; no zone, GMT implied).
///
/// Parsed by hand rather than with `DateFormatter`, whose patterns depend
/// on locale and calendar settings and which rejected the RFC 850 form in
/// `Retry-After`. Names are matched without regard to case, runs of spaces
/// count as one, and `UTC` is taken for `GMT`; the weekday is checked to be
/// a weekday name but not against the date (a wrong one is a sender's slip,
/// not a reason to drop the header). Anything else is nil.
///
/// ```swift
/// HTTPDate("Sun, 06 Nov 1994 08:49:37 GMT")?.date   // 1994-11-06 08:49:37 +0000
/// ```
package struct HTTPDate: Sendable, Hashable {
    /// Seconds since 1970-01-01 00:00:00 GMT.
    package let secondsSince1970: Int64

    /// The instant.
    package var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// Parses `text`; `now` places an RFC 850 two-digit year: it is the
    /// year in the century around `now` that is at most 50 years ahead.
    package init?(_ text: String, relativeTo now: Date = Date()) {
        let fields = text.split { $0 == " " || $0 == "\t" }
        guard let first = fields.first else { return nil }
        let parts: Parts?
        if first.hasSuffix(",") {
            guard Self.weekday(first.dropLast()) else { return nil }
            parts = fields.count == 6 ? Self.imfFixdate(fields) : fields.count == 4 ? Self.rfc850(fields, now: now) : nil
        } else {
            guard Self.weekday(first) else { return nil }
            parts = fields.count == 5 ? Self.asctime(fields) : nil
        }
        guard let parts, let seconds = parts.secondsSince1970 else { return nil }
        secondsSince1970 = seconds
    }

    /// The fields of a date before validation.
    private struct Parts {
        var year: Int
        var month: Int
        var day: Int
        var time: (hour: Int, minute: Int, second: Int)

        /// Seconds since 1970, or nil for an impossible date or time.
        var secondsSince1970: Int64? {
            guard (1...9999).contains(year), (1...12).contains(month),
                (1...HTTPDate.daysIn(month, of: year)).contains(day),
                (0...23).contains(time.hour), (0...59).contains(time.minute), (0...60).contains(time.second)
            else { return nil }
            let days = HTTPDate.daysBefore(year: year) + HTTPDate.daysBefore(month: month, of: year) + day - 1
            return Int64(days) * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
        }
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func imfFixdate(_ f: [Substring]) -> Parts? {
        guard isGMT(f[5]), let day = number(f[1], digits: 1...2), let month = month(f[2]),
            let year = number(f[3], digits: 4...4), let time = time(f[4])
        else { return nil }
        return Parts(year: year, month: month, day: day, time: time)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT` (a four-digit year is accepted too).
    private static func rfc850(_ f: [Substring], now: Date) -> Parts? {
        let date = f[1].split(separator: "-", omittingEmptySubsequences: false)
        guard isGMT(f[3]), date.count == 3, let day = number(date[0], digits: 1...2), let month = month(date[1]),
            let time = time(f[2])
        else { return nil }
        if let year = number(date[2], digits: 4...4) { return Parts(year: year, month: month, day: day, time: time) }
        guard let twoDigits = number(date[2], digits: 2...2) else { return nil }
        let current = year(at: now)
        var year = current - current % 100 + twoDigits
        if year > current + 50 { year -= 100 }
        return Parts(year: year, month: month, day: day, time: time)
    }

    /// `Sun Nov  6 08:49:37 1994`
    private static func asctime(_ f: [Substring]) -> Parts? {
        guard let month = month(f[1]), let day = number(f[2], digits: 1...2), let time = time(f[3]),
            let year = number(f[4], digits: 4...4)
        else { return nil }
        return Parts(year: year, month: month, day: day, time: time)
    }

    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longWeekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func weekday(_ name: Substring) -> Bool {
        let name = name.lowercased()
        return weekdays.contains(name) || longWeekdays.contains(name)
    }

    /// 1…12 for a three-letter month name.
    private static func month(_ name: Substring) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    private static func isGMT(_ zone: Substring) -> Bool {
        let zone = zone.uppercased()
        return zone == "GMT" || zone == "UTC"
    }

    /// `HH:MM:SS`, two digits each.
    private static func time(_ text: Substring) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = number(parts[0], digits: 2...2), let minute = number(parts[1], digits: 2...2),
            let second = number(parts[2], digits: 2...2)
        else { return nil }
        return (hour, minute, second)
    }

    /// A run of ASCII digits of an allowed length (no sign, no spaces).
    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to January 1st of `year` (negative before 1970).
    private static func daysBefore(year: Int) -> Int {
        func leapDays(through y: Int) -> Int { y / 4 - y / 100 + y / 400 }
        return (year - 1970) * 365 + leapDays(through: year - 1) - leapDays(through: 1969)
    }

    /// Days from January 1st to the first of `month`.
    private static func daysBefore(month: Int, of year: Int) -> Int {
        (1..<month).reduce(0) { $0 + daysIn($1, of: year) }
    }

    /// The Gregorian year (GMT) that `date` falls in.
    private static func year(at date: Date) -> Int {
        // Clamped to ±8,000 years, so no Date can trap the conversion.
        let days = Int(max(-3e6, min(3e6, date.timeIntervalSince1970 / 86_400)).rounded(.down))
        var year = 1970 + days / 366
        while daysBefore(year: year + 1) <= days { year += 1 }
        while daysBefore(year: year) > days { year -= 1 }
        return year
    }
}
