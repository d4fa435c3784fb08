/**
 * The conditions of an attest request: one value type per condition type, the rules that read them
 * from a request, the chain reads each needs, and their evaluation into a verdict.
 */
package org.walletstate.domain.attest.condition;
