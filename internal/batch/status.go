package batch

// Status is what working on an input came to, the worst of its problems.
// The command line turns statuses into exit statuses.
type Status int

const (
	StatusOK      Status = 0 // done
	StatusInvalid Status = 1 // the input is not a valid record, or a record cannot be written in the target
	StatusTrouble Status = 2 // it could not be read or written (I/O)
)
