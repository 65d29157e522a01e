add_custom_target(firmware COMMENT "firmware build not set up yet")
