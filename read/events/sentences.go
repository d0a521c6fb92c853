package events

// Sentences and codes of the logs, events and top readers. Refusals made by the parser end by
// saying nothing was sent; the others are said after the requests they follow.
const (

	// events
	SentenceEventsTypes       = "--types takes Normal, Warning or both (Normal,Warning); %q is neither. Nothing was sent."
	SentenceEventsFor         = "--for takes one object as TYPE/NAME with a single slash, such as pod/web-0 or deploy/web. Nothing was sent."
	sentenceEventsNoneIn      = "No events found in %s namespace."
	sentenceEventsNone        = "No events found."
	SentenceEventsShown       = "%d events matched; the %d newest are shown. Narrow the list with -n, --for or --types to see the others."
	SentenceEventsUnread      = "More than %d events exist, and studioctl reads at most %d in one statement; the list is not in time order, so newer events may be among those not read. The newest %d of those read are shown: narrow the list with -n, --for or --types."
	sentenceEventsUnread2     = "More than %d events exist, and studioctl reads at most %d in one statement; the list is not in time order, so newer events may be among those not read. Narrow the list with -n, --for or --types."
	sentenceEventsWatchOutput = "events --watch prints the table form only; remove -o %s. Nothing was sent."
	sentenceEventsWatchHere   = "events --watch runs on the command line, until Ctrl-C; here, run events again to see newer ones. Nothing was sent."
)
