package process

import (
	"context"
	"errors"
	"sync"
)

// Pool owns persistent hooks on behalf of whoever builds them from
// configuration: a loader adds the hooks a configuration names, and the
// program that runs the chain starts them (or lets their first calls do it)
// and closes the pool when it is done with the chain. The zero Pool is
// ready to use.
type Pool struct {
	mu     sync.Mutex
	hooks  []*Persistent
	closed bool
}

// Add makes a persistent hook for s, not yet started, that the pool closes.
// It fails when s is not valid or the pool is closed.
func (pl *Pool) Add(s PersistentSpec) (*Persistent, error) {
	p, err := NewPersistent(s)
	if err != nil {
		return nil, err
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if pl.closed {
		return nil, errors.New("process: the pool is closed")
	}
	pl.hooks = append(pl.hooks, p)
	return p, nil
}

// Hooks returns the pool's hooks, in the order they were added.
func (pl *Pool) Hooks() []*Persistent {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return append([]*Persistent(nil), pl.hooks...)
}

// Start starts every hook of the pool at once, and waits for each to say
// hello or fail (see Persistent.Start). The error joins every hook's.
func (pl *Pool) Start(ctx context.Context) error {
	hooks := pl.Hooks()
	errs := make([]error, len(hooks))
	var wg sync.WaitGroup
	for i, p := range hooks {
		wg.Go(func() { errs[i] = p.Start(ctx) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Close closes every hook of the pool at once (see Persistent.Close), and
// the pool with them: hooks cannot be added any more. The error joins every
// hook's.
func (pl *Pool) Close(ctx context.Context) error {
	pl.mu.Lock()
	pl.closed = true
	hooks := pl.hooks
	pl.mu.Unlock()
	errs := make([]error, len(hooks))
	var wg sync.WaitGroup
	for i, p := range hooks {
		wg.Go(func() { errs[i] = p.Close(ctx) })
	}
	wg.Wait()
	return errors.Join(errs...)
}
