"""What the interfaces say, in French and English: the message catalogue and the phrases
about cards, bids, tricks and scores shared by the terminal and the browser."""
