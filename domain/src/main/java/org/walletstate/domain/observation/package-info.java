/**
 * What is asked of one chain at one anchor ({@link org.walletstate.domain.observation.ChainQuery})
 * and what its adapter observed ({@link org.walletstate.domain.observation.ChainObservation}),
 * whatever the chain's family.
 */
package org.walletstate.domain.observation;
