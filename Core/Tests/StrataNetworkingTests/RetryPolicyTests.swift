import FoundationEssentials
import StrataBase
import StrataNetworking
import Testing

/// `Retry-After` as servers send it: seconds, or an IMF-fixdate (RFC 9110 §5.6.7), read without Foundation's
/// date formatter.
@Suite struct RetryPolicyTests {
    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),  // RFC 9110's own example
        ("Thu, 29 Feb 2024 00:00:00 GMT", 1_709_164_800),  // a leap day
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Fri, 31 Dec 1999 23:59:59 GMT", 946_684_799),
    ])
    func anHTTPDateIsReadAsTheSecondsUntilIt(date: String, epoch: Double) {
        let now = Timestamp(secondsSince1970: epoch - 90)
        #expect(RetryPolicy.retryAfterSeconds(date, now: now) == 90)
        #expect(RetryPolicy.retryAfterSeconds(" \(date) ", now: now) == 90, "surrounding spaces are allowed")
        #expect(RetryPolicy.retryAfterSeconds(date, now: Timestamp(secondsSince1970: epoch + 5)) == 0, "a past date means now")
    }

    @Test func secondsAreReadAsSecondsAndAnythingElseAsNothing() {
        #expect(RetryPolicy.retryAfterSeconds("8") == 8)
        #expect(RetryPolicy.retryAfterSeconds("1.5") == 1.5)
        for text in ["", "soon", "Sun, 06 Nov 1994 08:49:37 PST", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
                     "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT"] {
            #expect(RetryPolicy.retryAfterSeconds(text) == nil, "\(text)")
        }
    }
}
