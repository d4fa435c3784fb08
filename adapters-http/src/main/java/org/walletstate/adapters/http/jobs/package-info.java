/**
 * The replica's background jobs' shared timer: one run at a time, counts logged, never payloads.
 */
package org.walletstate.adapters.http.jobs;
