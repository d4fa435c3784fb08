/**
 * The wallet-state domain: values that validate on construction, the rules that evaluate them and
 * the outcomes they produce. Plain Java only: no framework, no I/O, no clock, no randomness.
 */
package org.walletstate.domain;
