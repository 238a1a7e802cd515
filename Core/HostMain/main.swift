import FoundationEssentials
import Glibc
import StrataBase
import StrataHost

// The host's logic is the StrataHost library (unit-tested on its own); this is only the process.
markMainQueue()
// The arguments as their bytes came: a file name that isn't UTF-8 still opens (CommandLine.arguments makes U+FFFD of it).
let code = await runStrata(Array(CommandLineWord.arguments.dropFirst()), environment: ProcessEnvironment.current)
// Ended without the C library's exit handlers, once what strata wrote is flushed: its threads still run then
// (libcurl's, closing a transfer a helper's request made), and OpenSSL's handler freed what they use (strata
// crashed after printing a `movies search` through a helper, 4 times in 500).
fflush(nil)
_exit(code)
