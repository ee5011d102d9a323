package hookchain

import (
	"strings"
)

// said is the reason a link gave for changing a call, and the outcome's
// reason made of it ("pin-timeout: default timeout").
type said struct{ reason, joined string }

// changeReason is the outcome's reason when l is the only link that changed
// the call and gave reason. Most links give the same words every time, so
// the reason made of the first words l gives is kept and handed out again
// for the same words: a change then costs no allocation for its reason.
// A link whose words vary pays a load and a compare, and the allocation it
// paid before.
func (l *Link) changeReason(reason string) string {
	if reason == "" {
		return l.name
	}
	var first *said
	if l.said != nil {
		if first = l.said.Load(); first != nil && first.reason == reason {
			return first.joined
		}
	}
	joined := l.name + ": " + reason
	if l.said != nil && first == nil {
		// The words are cloned: the compare above must be against what the
		// link said then, even if its string shares bytes it goes on to
		// reuse. The first words win; later ones are not kept.
		l.said.CompareAndSwap(nil, &said{strings.Clone(reason), joined})
	}
	return joined
}
