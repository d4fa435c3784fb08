/** API keys, plans and the rules of credits. */
package org.walletstate.domain.account;
